'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useErrorText } from '@/i18n/use-error-text';
import { HydratedForm } from '@/components/ui/hydrated-form';
import type { Result } from '@/lib/result';
import { ITEM_REVIEW_LIMITS } from '@/lib/item-reviews';
import { deleteItemReviewReplyAction, hideItemReviewAction, replyToItemReviewAction } from '@/server/actions/item-reviews';

// An admin's controls under one review on a course or book page: reply in public, change or remove
// the reply, hide the review with a reason. Loaded for admins only (./review-moderation.tsx); the
// server checks the permission on every action.

export type ReviewModerationProps = { reviewId: string; authorName: string; reply: string | null };

type Mode = 'idle' | 'reply' | 'hide';

export function ReviewModerationControls({ reviewId, authorName, reply }: ReviewModerationProps) {
  const t = useTranslations('itemReviews');
  const tUi = useTranslations('ui');
  const errorText = useErrorText();
  const id = useId();
  const [mode, setMode] = useState<Mode>('idle');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function open(next: Mode) {
    setMode(next);
    setText(next === 'reply' ? (reply ?? '') : '');
    setError(null);
    setNotice(null);
  }

  async function run(action: () => Promise<Result<null>>, done: string) {
    setBusy(true);
    setError(null);
    try {
      const result = await action();
      if (result.ok) {
        // The action refreshed the page (revalidatePath) and its answer carries the new list; a
        // router.refresh() could be answered from the browser's HTTP cache with the old one.
        setMode('idle');
        setNotice(done);
      } else {
        setError(errorText(result.fieldErrors?.body?.[0] ?? result.fieldErrors?.reason?.[0] ?? result.message));
      }
    } catch {
      setError(errorText('somethingWentWrongPleaseTryAgain'));
    }
    setBusy(false);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mode === 'reply') void run(() => replyToItemReviewAction(reviewId, { body: text }), t('replySaved'));
    if (mode === 'hide') void run(() => hideItemReviewAction(reviewId, { reason: text }), t('reviewHidden'));
  }

  const secondary = 'btn border border-slate-300 text-slate-800 hover:bg-slate-50';

  return (
    <div className="mt-4 border-t border-dashed border-slate-300 pt-3">
      {mode === 'idle' ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('moderate', { name: authorName })}>
          <button type="button" className={secondary} onClick={() => open('reply')}>
            {reply ? t('editReply') : t('reply')}
          </button>
          {reply && (
            <button type="button" className={secondary} disabled={busy} onClick={() => void run(() => deleteItemReviewReplyAction(reviewId), t('replyDeleted'))}>
              {t('deleteReply')}
            </button>
          )}
          <button type="button" className="btn border border-red-700 text-red-700 hover:bg-red-50" onClick={() => open('hide')}>
            {t('hideReview')}
          </button>
        </div>
      ) : (
        <HydratedForm noValidate onSubmit={submit} className="space-y-3" aria-busy={busy}>
          <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-900">
            {mode === 'reply' ? t('replyLabel', { name: authorName }) : t('hideLabel', { name: authorName })}
          </label>
          <textarea
            id={`${id}-text`}
            rows={3}
            required
            maxLength={mode === 'reply' ? ITEM_REVIEW_LIMITS.replyMax : ITEM_REVIEW_LIMITS.hideReasonMax}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="input-field resize-y"
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={mode === 'hide' ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'} disabled={busy}>
              {busy ? t('saving') : mode === 'reply' ? t('saveReply') : t('hideReview')}
            </button>
            <button type="button" className={secondary} onClick={() => setMode('idle')} disabled={busy}>
              {tUi('cancel')}
            </button>
          </div>
        </HydratedForm>
      )}
      {notice && <p role="status" className="mt-2 text-sm font-semibold text-green-800">{notice}</p>}
      {error && <p role="alert" className="mt-2 text-sm font-medium text-red-700">{error}</p>}
    </div>
  );
}
