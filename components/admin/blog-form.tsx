'use client';

import { TranslatedTextFields } from './translated-text-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { toast } from 'sonner';
import { addBlogAction, updateBlogAction } from '@/server/actions/blogs';
import { blogSchema } from '@/lib/schemas/blog';
import type { BlogInput, BlogValues } from '@/lib/schemas/blog';
import { SubmitButton, TextAreaField, TextField } from './form-fields';
import { showServerErrors, useUploadsInFlight } from './form-state';
import { ImageField } from './image-field';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { useErrorText } from '@/i18n/use-error-text';

const FIELDS: readonly Path<BlogInput>[] = ['title', 'img', 'writerName', 'date', 'description'];

type Props = { mode: 'add' } | { mode: 'update'; id: string; initial: BlogValues };

/** Add Blog and Update Blog (docs/product.md §5): all fields required, the date from a date picker. */
export function BlogForm(props: Props) {
  // Adding: a new key remounts the form, which empties it for the next post.
  const [formKey, setFormKey] = useState(0);
  return <BlogFields key={formKey} {...props} onAdded={() => setFormKey((key) => key + 1)} />;
}

function BlogFields(props: Props & { onAdded: () => void }) {
  const t = useTranslations('blogForm');
  const shared = useTranslations('adminForms');
  const errorText = useErrorText();
  const router = useRouter();
  const form = useForm<BlogInput, unknown, BlogValues>({
    resolver: zodResolver(blogSchema),
    defaultValues: props.mode === 'update' ? props.initial : undefined,
  });
  const [uploading, trackUpload] = useUploadsInFlight();
  const { errors, isSubmitting } = form.formState;

  async function save(values: BlogValues) {
    const result = props.mode === 'update' ? await updateBlogAction(props.id, values) : await addBlogAction(values);
    if (!result.ok) {
      showServerErrors(form.setError, result.fieldErrors, FIELDS);
      toast.error(errorText(result.message));
      return;
    }
    if (props.mode === 'update') {
      toast.success(t('updated'));
      router.push('/blogs');
    } else {
      toast.success(t('added'));
      props.onAdded();
    }
  }

  return (
    <HydratedForm noValidate onSubmit={form.handleSubmit(save)} className="space-y-6" aria-busy={isSubmitting}>
      <fieldset disabled={isSubmitting} className="grid gap-5 md:grid-cols-2">
        <legend className="sr-only">{t('legend')}</legend>
        <TextField id="blog-title" label={t('title')} className="md:col-span-2" registration={form.register('title')} error={errors.title?.message} />
        <ImageField
          id="blog-img"
          label={t('image')}
          className="md:col-span-2"
          registration={form.register('img')}
          value={String(form.watch('img') ?? '')}
          error={errors.img?.message}
          onUploaded={(url) => form.setValue('img', url, { shouldValidate: true, shouldDirty: true })}
          onBusyChange={trackUpload}
        />
        <TextField id="blog-writer" label={t('writerName')} registration={form.register('writerName')} error={errors.writerName?.message} />
        <TextField id="blog-date" label={t('date')} type="date" registration={form.register('date')} error={errors.date?.message} />
        <TextAreaField id="blog-description" label={t('description')} rows={10} className="md:col-span-2" registration={form.register('description')} error={errors.description?.message} />
        <TranslatedTextFields idPrefix="blog" register={(locale, field) => form.register(`translations.${locale}.${field}`)} errors={errors.translations} />
      </fieldset>
      <SubmitButton
        busy={isSubmitting || uploading}
        label={props.mode === 'update' ? t('update') : t('add')}
        busyLabel={uploading ? shared('uploading') : shared('saving')}
      />
    </HydratedForm>
  );
}
