'use client';

import { useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TranslationLocale } from '@/lib/translated-content';
import { TextAreaField, TextField } from './form-fields';
import { TranslationFieldsets } from './translation-fieldsets';

type FieldError = { message?: string };

type Props = {
  /** The form's id prefix, e.g. `course`. */
  idPrefix: string;
  /** The form's registration of one language's field, e.g. `translations.bn.title`. */
  register: (locale: TranslationLocale, field: 'title' | 'description') => UseFormRegisterReturn;
  errors?: Partial<Record<TranslationLocale, { title?: FieldError; description?: FieldError }>>;
  /** An instructor's translated `title` is the name and `description` the education. */
  kind?: 'item' | 'instructor';
};

/** A catalogue item's optional title and description in each translated language (lib/translated-content.ts). */
export function TranslatedTextFields({ idPrefix, register, errors, kind = 'item' }: Props) {
  const t = useTranslations('adminForms');
  return (
    <TranslationFieldsets layout="grid gap-4 md:col-span-2 md:grid-cols-2">
      {(locale, language) => (
        <>
          <TextField
            id={`${idPrefix}-${locale}-title`}
            label={kind === 'instructor' ? t('translatedName', { language }) : t('translatedTitle', { language })}
            registration={register(locale, 'title')}
            error={errors?.[locale]?.title?.message}
          />
          {kind === 'instructor' ? (
            <TextField id={`${idPrefix}-${locale}-description`} label={t('translatedEducation', { language })} registration={register(locale, 'description')} error={errors?.[locale]?.description?.message} />
          ) : (
            <TextAreaField
              id={`${idPrefix}-${locale}-description`}
              label={t('translatedDescription', { language })}
              className="md:col-span-2"
              registration={register(locale, 'description')}
              error={errors?.[locale]?.description?.message}
            />
          )}
        </>
      )}
    </TranslationFieldsets>
  );
}
