'use client';

import { TranslatedTextFields } from './translated-text-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { toast } from 'sonner';
import { addInstructorAction, updateInstructorAction } from '@/server/actions/instructors';
import { instructorSchema } from '@/lib/schemas/instructor';
import type { InstructorInput, InstructorValues } from '@/lib/schemas/instructor';
import { useSubjectOptions } from './choices';
import { SelectField, SubmitButton, TextField } from './form-fields';
import { showServerErrors, useUploadsInFlight } from './form-state';
import { ImageField } from './image-field';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { useErrorText } from '@/i18n/use-error-text';

const FIELDS: readonly Path<InstructorInput>[] = ['Subject', 'name', 'img', 'education', 'facebook', 'twitter', 'instagram', 'linkedin'];
const SOCIAL = ['facebook', 'twitter', 'instagram', 'linkedin'] as const;

type Props = { mode: 'add' } | { mode: 'update'; id: string; initial: InstructorValues };

/** Add Instructor and Update Instructor (docs/product.md §5): a subject from the nine, every field required. */
export function InstructorForm(props: Props) {
  // Adding: a new key remounts the form, which empties it for the next instructor.
  const [formKey, setFormKey] = useState(0);
  return <InstructorFields key={formKey} {...props} onAdded={() => setFormKey((key) => key + 1)} />;
}

function InstructorFields(props: Props & { onAdded: () => void }) {
  const t = useTranslations('instructorForm');
  const shared = useTranslations('adminForms');
  const errorText = useErrorText();
  const subjectOptions = useSubjectOptions();
  const router = useRouter();
  const form = useForm<InstructorInput, unknown, InstructorValues>({
    resolver: zodResolver(instructorSchema),
    defaultValues: props.mode === 'update' ? props.initial : undefined,
  });
  const [uploading, trackUpload] = useUploadsInFlight();
  const { errors, isSubmitting } = form.formState;

  async function save(values: InstructorValues) {
    const result = props.mode === 'update' ? await updateInstructorAction(props.id, values) : await addInstructorAction(values);
    if (!result.ok) {
      showServerErrors(form.setError, result.fieldErrors, FIELDS);
      toast.error(errorText(result.message));
      return;
    }
    if (props.mode === 'update') {
      // docs/product.md §2: Update Instructor stays on the page after saving.
      toast.success(t('updated'));
      form.reset(values);
      router.refresh();
    } else {
      toast.success(t('added'));
      props.onAdded();
    }
  }

  return (
    <HydratedForm noValidate onSubmit={form.handleSubmit(save)} className="space-y-6" aria-busy={isSubmitting}>
      <fieldset disabled={isSubmitting} className="grid gap-5 md:grid-cols-2">
        <legend className="sr-only">{t('legend')}</legend>
        <TextField id="instructor-name" label={t('name')} registration={form.register('name')} error={errors.name?.message} />
        <SelectField id="instructor-subject" label={t('subject')} placeholder={t('chooseSubject')} options={subjectOptions} registration={form.register('Subject')} error={errors.Subject?.message} />
        <ImageField
          id="instructor-img"
          label={t('image')}
          className="md:col-span-2"
          registration={form.register('img')}
          value={String(form.watch('img') ?? '')}
          error={errors.img?.message}
          onUploaded={(url) => form.setValue('img', url, { shouldValidate: true, shouldDirty: true })}
          onBusyChange={trackUpload}
        />
        <TextField id="instructor-education" label={t('education')} className="md:col-span-2" registration={form.register('education')} error={errors.education?.message} />
        <TranslatedTextFields idPrefix="instructor" kind="instructor" register={(locale, field) => form.register(`translations.${locale}.${field}`)} errors={errors.translations} />
        {SOCIAL.map((name) => (
          <TextField
            key={name}
            id={`instructor-${name}`}
            label={t(name)}
            type="url"
            inputMode="url"
            placeholder="https://"
            registration={form.register(name)}
            error={errors[name]?.message}
          />
        ))}
      </fieldset>
      <SubmitButton
        busy={isSubmitting || uploading}
        label={props.mode === 'update' ? t('update') : t('add')}
        busyLabel={uploading ? shared('uploading') : shared('saving')}
      />
    </HydratedForm>
  );
}
