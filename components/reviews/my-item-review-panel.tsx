'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useErrorText } from '@/i18n/use-error-text';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { formatDate } from '@/lib/format';
import { ITEM_REVIEW_LIMITS, type MyItemReview as OwnReview, type MyItemReviewState, type ReviewEligibility, type ReviewedItemKind } from '@/lib/item-reviews';
import { RATING_BEST, REVIEW_GATE, STAR_VALUES } from '@/lib/ratings';
import { deleteMyItemReviewAction, saveMyItemReviewAction } from '@/server/actions/item-reviews';
import { CheckingPanel, REVIEW_PANEL } from './review-panel';
import { Stars } from './stars';

// The signed-in visitor's own review of a course or book (loaded only for signed-in visitors, by
// ./my-item-review.tsx): asks the server who is looking (GET /api/items/{id}/reviews/mine) and
// shows the form, the visitor's review, or why they cannot review. The server decides again on
// every write (server/reviews/item-reviews.ts). Its texts are the `itemReviews` messages; the server's
// English messages go through useErrorText().

type Props = { itemId: string; itemKind: ReviewedItemKind };

/** `message`: the API's own (English) answer, or null when it gave none. */
type Loaded = { phase: 'loading' } | { phase: 'error'; message: string | null } | { phase: 'ready'; state: MyItemReviewState };

/**
 * Why the visitor cannot review yet, in the page's language. The server's message carries a date
 * (an English one), so a course's waiting time is written here from the dates it sends.
 */
function useEligibilityText(): (eligibility: Exclude<ReviewEligibility, { status: 'eligible' }>) => string {
  const t = useTranslations('itemReviews');
  const locale = useLocale();
  const errorText = useErrorText();
  return (eligibility) => {
    if (eligibility.status === 'not-bought') return errorText(eligibility.message);
    const values = { date: formatDate(eligibility.eligibleAt, 'short', locale), days: REVIEW_GATE.daysAfterPurchase };
    return eligibility.lessonsToGo > 0 ? t('tooEarlyLessons', { ...values, lessons: eligibility.lessonsToGo }) : t('tooEarly', values);
  };
}

export function MyItemReviewPanel({ itemId, itemKind }: Props) {
  const t = useTranslations('itemReviews');
  const errorText = useErrorText();
  const eligibilityText = useEligibilityText();
  const [loaded, setLoaded] = useState<Loaded>({ phase: 'loading' });
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/items/${encodeURIComponent(itemId)}/reviews/mine`, { cache: 'no-store', signal: controller.signal })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as (MyItemReviewState & { message?: string }) | null;
        if (!response.ok || !body?.eligibility) throw new Error(body?.message ?? '');
        setLoaded({ phase: 'ready', state: body });
      })
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setLoaded({ phase: 'error', message: reason instanceof Error && reason.message ? reason.message : null });
      });
    return () => controller.abort();
  }, [itemId]);

  const reviewThis = t('reviewThis', { kind: itemKind });

  if (loaded.phase === 'loading') return <CheckingPanel itemKind={itemKind} />;

  if (loaded.phase === 'error') {
    return (
      <div className={REVIEW_PANEL}>
        <h3 className="text-lg font-bold text-brand-900">{reviewThis}</h3>
        <p role="alert" className="mt-2 text-red-700">{loaded.message ? errorText(loaded.message) : t('loadFailed')}</p>
      </div>
    );
  }

  const { eligibility, review } = loaded.state;
  const setReview = (next: OwnReview | null) => setLoaded({ phase: 'ready', state: { ...loaded.state, review: next } });

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      const result = await deleteMyItemReviewAction(itemId);
      if (!result.ok) {
        setError(errorText(result.message));
      } else {
        setReview(null);
        // The action refreshed the page (revalidatePath): its answer carries the new list and
        // rating. No router.refresh() after it: the browser may answer that from its HTTP cache
        // (the cached page allows stale-while-revalidate) and put the old list back.
        setNotice(t('deleted'));
      }
    } catch {
      setError(errorText('Something went wrong. Please try again.'));
    }
    setBusy(false);
    setConfirmingDelete(false);
  }

  const deleteDialog = (
    <ConfirmDialog open={confirmingDelete} title={t('deleteTitle')} confirmLabel={t('deleteConfirm')} busy={busy} onCancel={() => setConfirmingDelete(false)} onConfirm={remove}>
      {t('deleteText', { kind: itemKind })}
    </ConfirmDialog>
  );
  const messages = (
    <>
      {notice && <p role="status" className="mt-3 font-semibold text-green-800">{notice}</p>}
      {error && <p role="alert" className="mt-3 text-sm font-medium text-red-700">{error}</p>}
    </>
  );

  if (review && !editing) {
    const mayEdit = eligibility.status === 'eligible' && !review.hidden;
    return (
      <div className={REVIEW_PANEL}>
        <h3 className="text-lg font-bold text-brand-900">{t('yourReview')}</h3>
        {review.hidden ? (
          <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {review.hiddenReason ? t('hiddenWithReason', { reason: review.hiddenReason }) : t('hidden')}
            <br />
            {t('hiddenExplained')}
          </p>
        ) : null}
        <p className="mt-2 flex items-center gap-2">
          <Stars value={review.rating} />
          <span className="text-sm text-slate-700">{t('stars', { star: review.rating })}</span>
        </p>
        <p className="mt-2 whitespace-pre-line break-words text-slate-800">{review.body}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          {mayEdit && (
            <button
              type="button"
              className="btn-outline"
              onClick={() => {
                setEditing(true);
                setNotice(null);
              }}
            >
              {t('editReview')}
            </button>
          )}
          <button type="button" className="btn border border-red-700 text-red-700 hover:bg-red-50" onClick={() => setConfirmingDelete(true)}>
            {t('deleteReview')}
          </button>
        </div>
        {messages}
        {deleteDialog}
      </div>
    );
  }

  if (eligibility.status !== 'eligible') {
    return (
      <div className={REVIEW_PANEL}>
        <h3 className="text-lg font-bold text-brand-900">{reviewThis}</h3>
        <p className="mt-2 text-slate-800">{eligibilityText(eligibility)}</p>
        {eligibility.status === 'not-bought' && <p className="mt-1 text-sm text-slate-700">{t('onlyFromUsers', { kind: itemKind })}</p>}
        {messages}
      </div>
    );
  }

  return (
    <div className={REVIEW_PANEL}>
      <h3 className="text-lg font-bold text-brand-900">{review ? t('editYourReview') : reviewThis}</h3>
      <ReviewForm
        itemId={itemId}
        initial={review}
        onCancel={review ? () => setEditing(false) : undefined}
        onSaved={(saved, created) => {
          setReview(saved);
          setEditing(false);
          // The action's answer carries the refreshed list and rating (see remove() above).
          setNotice(created ? t('posted') : t('saved'));
        }}
      />
      {messages}
    </div>
  );
}

type FormProps = {
  itemId: string;
  initial: OwnReview | null;
  onSaved: (review: OwnReview, created: boolean) => void;
  onCancel?: () => void;
};

/**
 * The server's own schema checks the form in the browser too, but it brings zod (about 31 kB gzip)
 * that every course and book page would otherwise load for a form few visitors open: it is fetched
 * when the form opens, and awaited on submit in case that was not yet done.
 */
const loadReviewSchema = () => import('@/lib/schemas/item-review');

function ReviewForm({ itemId, initial, onSaved, onCancel }: FormProps) {
  const t = useTranslations('itemReviews');
  const tUi = useTranslations('ui');
  const errorText = useErrorText();
  const id = useId();
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [body, setBody] = useState(initial?.body ?? '');
  // English, as the schema and the server word them; shown through errorText().
  const [fieldErrors, setFieldErrors] = useState<{ rating?: string; body?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const shown = hovered ?? rating ?? 0;

  useEffect(() => {
    void loadReviewSchema();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const { itemReviewSchema } = await loadReviewSchema();
    const parsed = itemReviewSchema.safeParse({ rating: rating ?? undefined, body });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      setFieldErrors({ rating: issues.find((issue) => issue.path[0] === 'rating')?.message, body: issues.find((issue) => issue.path[0] === 'body')?.message });
      return;
    }
    setFieldErrors({});
    setSending(true);
    try {
      const result = await saveMyItemReviewAction(itemId, parsed.data);
      if (result.ok) {
        onSaved(result.data, initial === null);
      } else {
        setFieldErrors({ rating: result.fieldErrors?.rating?.[0], body: result.fieldErrors?.body?.[0] });
        setError(errorText(result.message));
      }
    } catch {
      setError(errorText('Something went wrong. Please try again.'));
    }
    setSending(false);
  }

  return (
    <HydratedForm noValidate onSubmit={submit} className="mt-3 space-y-4" aria-busy={sending}>
      <fieldset aria-describedby={`${id}-rating-error`}>
        <legend className="text-sm font-medium text-slate-900">{t('yourRating')}</legend>
        <div className="mt-1 flex flex-wrap items-center gap-1" onMouseLeave={() => setHovered(null)}>
          {STAR_VALUES.map((star) => (
            <label
              key={star}
              className="relative rounded-md p-1 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500"
              onMouseEnter={() => setHovered(star)}
            >
              {/* The radio covers its star, unseen: a click on the star is a click on the radio. */}
              <input
                type="radio"
                name={`${id}-rating`}
                value={star}
                checked={rating === star}
                onChange={() => setRating(star)}
                className="absolute inset-0 m-0 h-full w-full cursor-pointer opacity-0"
              />
              <svg width={32} height={32} viewBox="0 0 24 24" aria-hidden className={star <= shown ? 'text-amber-500' : 'text-slate-300'}>
                <path fill="currentColor" d="m12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
              </svg>
              <span className="sr-only">{t('stars', { star })}</span>
            </label>
          ))}
          <span className="ml-2 text-sm text-slate-700" aria-hidden>
            {rating ? t('ratingOf', { rating, best: RATING_BEST }) : t('chooseStars')}
          </span>
        </div>
        <p id={`${id}-rating-error`} className="field-error">{fieldErrors.rating && errorText(fieldErrors.rating)}</p>
      </fieldset>
      <div>
        <label htmlFor={`${id}-body`} className="mb-1 block text-sm font-medium text-slate-900">{t('yourReview')}</label>
        <textarea
          id={`${id}-body`}
          rows={5}
          maxLength={ITEM_REVIEW_LIMITS.bodyMax}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          className="input-field resize-y"
          aria-invalid={Boolean(fieldErrors.body)}
          aria-describedby={`${id}-body-count ${id}-body-error`}
        />
        <p id={`${id}-body-count`} className="mt-1 text-right text-xs text-slate-600">
          {t('characterCount', { count: body.length, max: ITEM_REVIEW_LIMITS.bodyMax })}
        </p>
        <p id={`${id}-body-error`} className="field-error">{fieldErrors.body && errorText(fieldErrors.body)}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? tUi('sending') : initial ? t('saveChanges') : t('postReview')}
        </button>
        {onCancel && (
          <button type="button" className="btn border border-slate-300 text-slate-800 hover:bg-slate-50" onClick={onCancel} disabled={sending}>
            {tUi('cancel')}
          </button>
        )}
      </div>
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
    </HydratedForm>
  );
}
