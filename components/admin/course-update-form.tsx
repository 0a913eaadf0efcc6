'use client';

import { TranslatedTextFields } from './translated-text-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useRouter } from '@/i18n/navigation';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { toast } from 'sonner';
import { updateCourseAction } from '@/server/actions/courses';
import { courseUpdateSchema } from '@/lib/schemas/course';
import type { CourseUpdateInput, CourseUpdateValues } from '@/lib/schemas/course';
import type { InstructorChoice } from '@/server/catalogue/instructors';
import { useInstructorOptions } from './choices';
import { SelectField, SubmitButton, TextAreaField, TextField } from './form-fields';
import { CORRECT_THE_FIELDS, FormAlert } from './form-alert';
import { showServerErrors, useUploadsInFlight } from './form-state';
import { ImageField } from './image-field';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { useErrorText } from '@/i18n/use-error-text';

const FIELDS: readonly Path<CourseUpdateInput>[] = ['title', 'img', 'price', 'priceBdt', 'ShortDescription', 'instructorId', 'about', 'comingSoon'];

type Props = {
  id: string;
  /** The course's values; no `instructorId` when its instructor is not one of Instructors (`typedInstructor` names them). */
  initial: Omit<CourseUpdateValues, 'instructorId'> & { instructorId?: string };
  typedInstructor: string | null;
  instructors: readonly InstructorChoice[];
  /** A draft is put on sale by publishing it, not with "coming soon". */
  draft: boolean;
};

/** Update Course (docs/product.md §5): the course's current values, all required; the instructor picked from Instructors. */
export function CourseUpdateForm({ id, initial, typedInstructor, instructors, draft }: Props) {
  const t = useTranslations('courseForm');
  const shared = useTranslations('adminForms');
  const errorText = useErrorText();
  const router = useRouter();
  const form = useForm<CourseUpdateInput, unknown, CourseUpdateValues>({ resolver: zodResolver(courseUpdateSchema), defaultValues: initial });
  const instructorOptions = useInstructorOptions(instructors);
  const [uploading, trackUpload] = useUploadsInFlight();
  const [problems, setProblems] = useState<readonly string[]>([]);
  const { errors, isSubmitting } = form.formState;

  async function save(values: CourseUpdateValues) {
    setProblems([]);
    const result = await updateCourseAction(id, values);
    if (!result.ok) {
      setProblems(showServerErrors(form.setError, result.fieldErrors, FIELDS));
      toast.error(errorText(result.message));
      return;
    }
    toast.success(t('updated'));
    form.reset(values);
    router.refresh();
  }

  return (
    <HydratedForm noValidate onSubmit={form.handleSubmit(save, () => setProblems([CORRECT_THE_FIELDS]))} className="space-y-6" aria-busy={isSubmitting}>
      <fieldset disabled={isSubmitting} className="grid gap-5 md:grid-cols-2">
        <legend className="sr-only">{t('legend')}</legend>
        <TextField id="course-title" label={t('title')} registration={form.register('title')} error={errors.title?.message} />
        {/* The two prices share the cell beside the title, dollars then taka. */}
        <div className="grid content-start gap-5">
          <TextField id="course-price" label={t('price')} hint={t('priceHint')} type="number" inputMode="decimal" min={0} step="0.01" registration={form.register('price', { valueAsNumber: true })} error={errors.price?.message} />
          <TextField id="course-price-bdt" label={t('priceBdt')} hint={t('priceBdtHint')} type="number" inputMode="decimal" min={0} step="0.01" registration={form.register('priceBdt', { valueAsNumber: true })} error={errors.priceBdt?.message} />
        </div>
        <ImageField
          id="course-img"
          label={t('image')}
          className="md:col-span-2"
          registration={form.register('img')}
          value={String(form.watch('img') ?? '')}
          error={errors.img?.message}
          onUploaded={(url) => form.setValue('img', url, { shouldValidate: true, shouldDirty: true })}
          onBusyChange={trackUpload}
        />
        <TextAreaField id="course-description" label={t('description')} className="md:col-span-2" registration={form.register('ShortDescription')} error={errors.ShortDescription?.message} />
        <SelectField
          id="course-instructor"
          label={t('instructor')}
          hint={typedInstructor ? t('instructorMissing', { name: typedInstructor }) : t('instructorHint')}
          placeholder={t('chooseInstructor')}
          options={instructorOptions}
          className="md:col-span-2"
          registration={form.register('instructorId')}
          error={errors.instructorId?.message}
        />
        <TextAreaField id="course-about" label={t('about')} className="md:col-span-2" registration={form.register('about')} error={errors.about?.message} />
        <TranslatedTextFields idPrefix="course" register={(locale, field) => form.register(`translations.${locale}.${field}`)} errors={errors.translations} />
        {draft ? null : (
          <label className="flex items-start gap-2 text-sm text-slate-800 md:col-span-2">
            <input type="checkbox" className="mt-0.5 h-4 w-4" {...form.register('comingSoon')} />
            <span>
              {t.rich('comingSoon', { strong: (text) => <span className="font-semibold">{text}</span> })}
            </span>
          </label>
        )}
      </fieldset>
      <FormAlert messages={problems} />
      <SubmitButton busy={isSubmitting || uploading} label={t('update')} busyLabel={uploading ? shared('uploading') : shared('saving')} />
    </HydratedForm>
  );
}
