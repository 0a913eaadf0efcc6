'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { routing } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { useErrorText } from '@/i18n/use-error-text';
import { CAPTIONS_ACCEPT, CAPTIONS_MAX_BYTES } from '@/lib/captions';
import type { CaptionsSummary } from '@/lib/curriculum';
import { formatNumber } from '@/lib/format';
import type { FormatLocale } from '@/lib/format';
import { routes } from '@/lib/routes';
import { uploadRawFile } from '../upload-raw-file';

type Props = { courseId: string; lessonId: string; captions?: Partial<Record<string, CaptionsSummary>> };

/** A video lesson's captions, one file per language: upload (WebVTT or SRT) and remove. */
export function CaptionsFields({ courseId, lessonId, captions }: Props) {
  const t = useTranslations('curriculumEditor.captions');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('heading')}
      </h4>
      <p className="mb-2 text-xs text-slate-600">{t('hint')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {routing.locales.map((language) => (
          <CaptionsField key={language} courseId={courseId} lessonId={lessonId} language={language} current={captions?.[language]} />
        ))}
      </div>
    </section>
  );
}

function CaptionsField({ courseId, lessonId, language, current }: { courseId: string; lessonId: string; language: Locale; current?: CaptionsSummary }) {
  const t = useTranslations('curriculumEditor.captions');
  const languages = useTranslations('languages');
  const locale = useLocale() as FormatLocale;
  const errorText = useErrorText();
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const name = languages(language);
  const address = routes.lessonCaptionsUpload(courseId, lessonId, language);

  async function upload(file: File) {
    if (file.size > CAPTIONS_MAX_BYTES) return setError(t('tooLarge'));
    setBusy(true);
    setError('');
    const answer = await uploadRawFile(address, file, () => undefined, { 'X-File-Name': encodeURIComponent(file.name) });
    setBusy(false);
    if (!answer.ok) return setError(errorText(answer.message));
    toast.success(t('uploaded', { language: name, count: Number(answer.body.cueCount) }));
    router.refresh();
  }

  async function remove() {
    setBusy(true);
    setError('');
    const answer = await fetch(address, { method: 'DELETE' }).catch(() => null);
    setBusy(false);
    if (!answer?.ok) {
      const refusal = (await answer?.json().catch(() => null)) as { message?: string; code?: string } | null;
      return setError(errorText(refusal?.message ? refusal : 'networkErrorCheckYourConnectionAndTryAgain'));
    }
    toast.success(t('removed', { language: name }));
    router.refresh();
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {t('label', { language: name })}
      </label>
      <p id={`${id}-current`} className="mb-2 text-xs text-slate-600">
        {current ? t('current', { name: current.name, count: current.cueCount, countText: formatNumber(current.cueCount, locale) }) : t('none')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="file"
          accept={CAPTIONS_ACCEPT}
          aria-describedby={`${id}-current ${id}-error`}
          aria-invalid={Boolean(error)}
          disabled={busy}
          className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void upload(file);
          }}
        />
        {current ? (
          <button type="button" className="btn-outline" disabled={busy} onClick={() => void remove()}>
            {t('remove')}
            <span className="sr-only"> {t('label', { language: name })}</span>
          </button>
        ) : null}
      </div>
      <p id={`${id}-error`} role={error ? 'alert' : undefined} className="field-error">
        {error}
      </p>
    </div>
  );
}
