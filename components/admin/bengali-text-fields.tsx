'use client';

import { useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextAreaField, TextField } from './form-fields';

type Props = {
  /** The form's id prefix, e.g. `course`. */
  idPrefix: string;
  title: UseFormRegisterReturn;
  description: UseFormRegisterReturn;
  errors?: { title?: { message?: string }; description?: { message?: string } };
  /** An instructor's Bengali `title` is the name and `description` the education. */
  kind?: 'item' | 'instructor';
};

/** The optional Bengali title and description of a catalogue item (lib/bengali-content.ts). */
export function BengaliTextFields({ idPrefix, title, description, errors, kind = 'item' }: Props) {
  const t = useTranslations('adminForms');
  return (
    <fieldset className="grid gap-4 rounded-md border border-slate-200 p-4 md:col-span-2 md:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t('bengaliLegend')}</legend>
      <p className="-mt-2 text-xs text-slate-600 md:col-span-2">{t('bengaliHint')}</p>
      <TextField id={`${idPrefix}-bn-title`} label={kind === 'instructor' ? t('bengaliName') : t('bengaliTitle')} registration={title} error={errors?.title?.message} />
      {kind === 'instructor' ? (
        <TextField id={`${idPrefix}-bn-description`} label={t('bengaliEducation')} registration={description} error={errors?.description?.message} />
      ) : (
        <TextAreaField id={`${idPrefix}-bn-description`} label={t('bengaliDescription')} className="md:col-span-2" registration={description} error={errors?.description?.message} />
      )}
    </fieldset>
  );
}
