'use client';

import { TranslatedTextFields } from './translated-text-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { toast } from 'sonner';
import { addBookAction } from '@/server/actions/books';
import type { BookFormat } from '@/lib/catalogue';
import { bookAddSchema } from '@/lib/schemas/book';
import type { BookAddInput, BookAddValues } from '@/lib/schemas/book';
import { BookFileField } from './book-file-field';
import { FORMAT_OPTIONS, useInteractiveOptions } from './choices';
import { SelectField, SubmitButton, TextAreaField, TextField } from './form-fields';
import { showServerErrors, useUploadsInFlight } from './form-state';
import { ImageField } from './image-field';
import { uploadBookFile } from './upload-book-file';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { useErrorText } from '@/i18n/use-error-text';

const FIELDS: readonly Path<BookAddInput>[] = [
  'bookName', 'img', 'price', 'priceBdt', 'writerName1', 'writerImg', 'educationWriter1', 'about', 'page', 'interactive', 'formate',
  'writerName2', 'writerImg2', 'educationWriter2', 'writerName3', 'writerImg3', 'educationWriter3', 'writerName4', 'writerImg4', 'educationWriter4',
];


type ImageName = 'img' | 'writerImg' | 'writerImg2' | 'writerImg3' | 'writerImg4';

/** Add Book (docs/product.md §5): all fields required except writers 2 to 4; the book file is required too and sent last. */
export function BookAddForm() {
  // A new key remounts the form: that is how it empties (file picker included) after a book is added.
  const [formKey, setFormKey] = useState(0);
  return <BookAddFields key={formKey} onAdded={() => setFormKey((key) => key + 1)} />;
}

function BookAddFields({ onAdded }: { onAdded: () => void }) {
  const t = useTranslations('bookForm');
  const shared = useTranslations('adminForms');
  const errorText = useErrorText();
  const interactiveOptions = useInteractiveOptions();
  const form = useForm<BookAddInput, unknown, BookAddValues>({ resolver: zodResolver(bookAddSchema) });
  const [uploading, trackUpload] = useUploadsInFlight();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileMissing, setFileMissing] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const format: BookFormat | '' = form.watch('formate') ?? '';

  async function save(values: BookAddValues) {
    // The book goes on sale only with its file, so the file is part of adding it.
    if (!file) return setFileMissing(true);
    const result = await addBookAction(values);
    if (!result.ok) {
      showServerErrors(form.setError, result.fieldErrors, FIELDS);
      toast.error(errorText(result.message));
      return;
    }
    toast.success(t('added'));
    setProgress(0);
    const upload = await uploadBookFile(result.data.id, file, setProgress);
    setProgress(null);
    if (!upload.ok) {
      toast.error(t('addedWithoutFile', { reason: errorText(upload.message) }));
      return onAdded();
    }
    toast.success(t('fileUploaded'));
    onAdded();
  }

  const image = (name: ImageName, label: string) => (
    <ImageField
      id={`book-${name}`}
      label={label}
      registration={form.register(name)}
      value={String(form.watch(name) ?? '')}
      error={errors[name]?.message}
      onUploaded={(url) => form.setValue(name, url, { shouldValidate: true, shouldDirty: true })}
      onBusyChange={trackUpload}
    />
  );

  const extraWriter = (slot: 2 | 3 | 4) => (
    <fieldset key={slot} className="grid gap-5 rounded-lg border border-slate-200 p-4 md:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t('writerSlot', { slot })}</legend>
      <TextField id={`book-writerName${slot}`} label={t('writerSlotName', { slot })} registration={form.register(`writerName${slot}`)} error={errors[`writerName${slot}`]?.message} />
      <TextField id={`book-educationWriter${slot}`} label={t('writerSlotEducation', { slot })} registration={form.register(`educationWriter${slot}`)} error={errors[`educationWriter${slot}`]?.message} />
      <div className="md:col-span-2">{image(`writerImg${slot}`, t('writerSlotImage', { slot }))}</div>
    </fieldset>
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
        <div className="md:col-span-2">{image('img', t('image'))}</div>
        <TextAreaField id="book-about" label={t('about')} className="md:col-span-2" registration={form.register('about')} error={errors.about?.message} />
        <TranslatedTextFields idPrefix="book" register={(locale, field) => form.register(`translations.${locale}.${field}`)} errors={errors.translations} />
        <TextField id="book-page" label={t('page')} hint={t('pageHint')} type="number" inputMode="numeric" min={1} step="1" registration={form.register('page', { valueAsNumber: true })} error={errors.page?.message} />
        <SelectField id="book-interactive" label={t('interactive')} placeholder={t('chooseInteractive')} options={interactiveOptions} registration={form.register('interactive')} error={errors.interactive?.message} />
        <SelectField id="book-format" label={t('format')} placeholder={t('chooseFormat')} options={FORMAT_OPTIONS} registration={form.register('formate')} error={errors.formate?.message} />
        <div className="md:col-span-2">
          <BookFileField
            id="book-file"
            format={format}
            file={file}
            progress={progress}
            required
            missing={fileMissing}
            onChange={(chosen) => {
              setFile(chosen);
              setFileMissing(false);
            }}
          />
        </div>
      </fieldset>
      <fieldset disabled={busy} className="grid gap-5 rounded-lg border border-slate-200 p-4 md:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t('writer')}</legend>
        <TextField id="book-writerName1" label={t('writerName')} registration={form.register('writerName1')} error={errors.writerName1?.message} />
        <TextField id="book-educationWriter1" label={t('writerEducation')} registration={form.register('educationWriter1')} error={errors.educationWriter1?.message} />
        <div className="md:col-span-2">{image('writerImg', t('writerImage'))}</div>
      </fieldset>
      <fieldset disabled={busy} className="space-y-5">
        <legend className="text-base font-semibold text-slate-800">{t('moreWriters')}</legend>
        {([2, 3, 4] as const).map(extraWriter)}
      </fieldset>
      <SubmitButton busy={busy} label={t('add')} busyLabel={uploading ? shared('uploading') : progress !== null ? t('uploadingFile') : shared('saving')} />
    </HydratedForm>
  );
}
