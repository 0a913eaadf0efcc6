'use client';

import { TranslatedTextFields } from './translated-text-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { toast } from 'sonner';
import { updateBookAction } from '@/server/actions/books';
import type { BookFormat } from '@/lib/catalogue';
import { bookUpdateSchema } from '@/lib/schemas/book';
import type { BookUpdateInput, BookUpdateValues } from '@/lib/schemas/book';
import { BookFileField } from './book-file-field';
import { FORMAT_OPTIONS } from './choices';
import { SelectField, SubmitButton, TextAreaField, TextField } from './form-fields';
import { showServerErrors, useUploadsInFlight } from './form-state';
import { ImageField } from './image-field';
import { uploadBookFile } from './upload-book-file';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { useErrorText } from '@/i18n/use-error-text';

const FIELDS: readonly Path<BookUpdateInput>[] = ['bookName', 'img', 'about', 'writerName1', 'writerImg', 'page', 'formate', 'price', 'priceBdt'];

type Props = { id: string; initial: BookUpdateValues; hasFile: boolean };

/** Update Book (docs/product.md §3, §5): the update payload's fields, prefilled; saved, then off to /books. */
export function BookUpdateForm({ id, initial, hasFile }: Props) {
  const t = useTranslations('bookForm');
  const shared = useTranslations('adminForms');
  const errorText = useErrorText();
  const router = useRouter();
  const form = useForm<BookUpdateInput, unknown, BookUpdateValues>({ resolver: zodResolver(bookUpdateSchema), defaultValues: initial });
  const [uploading, trackUpload] = useUploadsInFlight();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { errors, isSubmitting } = form.formState;
  const format: BookFormat | '' = form.watch('formate') ?? '';

  async function save(values: BookUpdateValues) {
    const result = await updateBookAction(id, values);
    if (!result.ok) {
      showServerErrors(form.setError, result.fieldErrors, FIELDS);
      toast.error(errorText(result.message));
      return;
    }
    if (file) {
      setProgress(0);
      const upload = await uploadBookFile(id, file, setProgress);
      setProgress(null);
      if (!upload.ok) {
        toast.error(t('savedWithoutFile', { reason: errorText(upload.message) }));
        return;
      }
    }
    toast.success(t('updated'));
    router.push('/books');
  }

  const image = (name: 'img' | 'writerImg', label: string) => (
    <ImageField
      id={`book-${name}`}
      label={label}
      className="md:col-span-2"
      registration={form.register(name)}
      value={String(form.watch(name) ?? '')}
      error={errors[name]?.message}
      onUploaded={(url) => form.setValue(name, url, { shouldValidate: true, shouldDirty: true })}
      onBusyChange={trackUpload}
    />
  );

  const busy = isSubmitting || uploading || progress !== null;
  return (
    <HydratedForm noValidate onSubmit={form.handleSubmit(save)} className="space-y-6" aria-busy={busy}>
      <fieldset disabled={busy} className="grid gap-5 md:grid-cols-2">
        <legend className="sr-only">{t('legend')}</legend>
        <TextField id="book-name" label={t('bookName')} registration={form.register('bookName')} error={errors.bookName?.message} />
        {/* The two prices share the cell beside the name, dollars then taka. */}
        <div className="grid content-start gap-5">
          <TextField id="book-price" label={t('price')} type="number" inputMode="decimal" min={1} step="0.01" registration={form.register('price', { valueAsNumber: true })} error={errors.price?.message} />
          <TextField id="book-price-bdt" label={t('priceBdt')} hint={t('priceBdtHint')} type="number" inputMode="decimal" min={10} step="0.01" registration={form.register('priceBdt', { valueAsNumber: true })} error={errors.priceBdt?.message} />
        </div>
        {image('img', t('image'))}
        <TextAreaField id="book-about" label={t('about')} className="md:col-span-2" registration={form.register('about')} error={errors.about?.message} />
        <TranslatedTextFields idPrefix="book" register={(locale, field) => form.register(`translations.${locale}.${field}`)} errors={errors.translations} />
        <TextField id="book-writerName1" label={t('writerName')} registration={form.register('writerName1')} error={errors.writerName1?.message} />
        <TextField id="book-page" label={t('page')} hint={t('pageHint')} type="number" inputMode="numeric" min={1} step="1" registration={form.register('page', { valueAsNumber: true })} error={errors.page?.message} />
        {image('writerImg', t('writerImage'))}
        <SelectField id="book-format" label={t('format')} placeholder={t('chooseFormat')} options={FORMAT_OPTIONS} registration={form.register('formate')} error={errors.formate?.message} />
        <div className="md:col-span-2">
          <BookFileField
            id="book-file"
            format={format}
            file={file}
            progress={progress}
            hasFile={hasFile}
            onChange={setFile}
          />
        </div>
      </fieldset>
      <SubmitButton busy={busy} label={t('update')} busyLabel={uploading ? shared('uploading') : progress !== null ? t('uploadingFile') : shared('saving')} />
    </HydratedForm>
  );
}
