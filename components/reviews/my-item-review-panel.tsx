'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { useErrorText } from '@/i18n/use-error-text';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { formatDate } from '@/lib/format';
import { ITEM_REVIEW_LIMITS, type MyItemReview as OwnReview, type ReviewEligibility, type ReviewedItemKind } from '@/lib/item-reviews';
import { RATING_BEST, REVIEW_GATE, STAR_VALUES } from '@/lib/ratings';
import { starsShown } from './my-item-review-form-state';
import { mayEdit } from './my-item-review-state';
import { CheckingPanel, REVIEW_PANEL } from './review-panel';
import { Stars } from './stars';
import { useMyItemReview } from './use-my-item-review';
import { useMyItemReviewForm } from './use-my-item-review-form';

// The signed-in visitor's own review of a course or book (loaded only for signed-in visitors, by
// ./my-item-review.tsx): asks the server who is looking (GET /api/items/{id}/reviews/mine) and
// shows the form, the visitor's review, or why they cannot review. The server decides again on
// every write (server/reviews/item-reviews.ts). Its texts are the `itemReviews` messages; the server's
// English messages go through useErrorText().

type Props = { itemId: string; itemKind: ReviewedItemKind };

/**
 * Why the visitor cannot review yet, in the page's language. The server's message carries a date
 * (an English one), so a course's waiting time is written here from the dates it sends.
 */
function useEligibilityText(): (eligibility: Exclude<ReviewEligibility, { status: 'eligible' }>) => string {
  const t = useTranslations('itemReviews');
  const locale = useLocale();
  const errorText = useErrorText();
  return (eligibility) => {
    if (eligibility.status === 'not-bought') return errorText(eligibility);
    const values = { date: formatDate(eligibility.eligibleAt, 'short', locale), days: REVIEW_GATE.daysAfterPurchase };
    return eligibility.lessonsToGo > 0 ? t('tooEarlyLessons', { ...values, lessons: eligibility.lessonsToGo }) : t('tooEarly', values);
  };
}

export function MyItemReviewPanel({ itemId, itemKind }: Props) {
  const t = useTranslations('itemReviews');
  const errorText = useErrorText();
  const eligibilityText = useEligibilityText();
  const { state, dispatch, remove } = useMyItemReview(itemId);
  const { loaded, editing, confirmingDelete, busy, notice, error } = state;

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

  const deleteDialog = (
    <ConfirmDialog open={confirmingDelete} title={t('deleteTitle')} confirmLabel={t('deleteConfirm')} busy={busy} onCancel={() => dispatch({ type: 'deleteCancelled' })} onConfirm={remove}>
      {t('deleteText', { kind: itemKind })}
    </ConfirmDialog>
  );
  const messages = (
    <>
      {notice && <p role="status" className="mt-3 font-semibold text-green-800">{t(notice)}</p>}
      {error && <p role="alert" className="mt-3 text-sm font-medium text-red-700">{errorText(error)}</p>}
    </>
  );

  if (review && !editing) {
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
          {mayEdit(loaded.state) && (
            <button type="button" className="btn-outline" onClick={() => dispatch({ type: 'editStarted' })}>
              {t('editReview')}
            </button>
          )}
          <button type="button" className="btn border border-red-700 text-red-700 hover:bg-red-50" onClick={() => dispatch({ type: 'deleteAsked' })}>
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
        onCancel={review ? () => dispatch({ type: 'editCancelled' }) : undefined}
        // The action's answer carries the refreshed list and rating (see useMyItemReview's remove()).
        onSaved={(saved, created) => dispatch({ type: 'saved', review: saved, created })}
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

function ReviewForm({ itemId, initial, onSaved, onCancel }: FormProps) {
  const t = useTranslations('itemReviews');
  const tUi = useTranslations('ui');
  const errorText = useErrorText();
  const id = useId();
  const { state, dispatch, submit } = useMyItemReviewForm({ itemId, initial, onSaved });
  const { rating, body, fieldErrors, error, sending } = state;
  const shown = starsShown(state);

  return (
    <HydratedForm noValidate onSubmit={submit} className="mt-3 space-y-4" aria-busy={sending}>
      <fieldset aria-describedby={`${id}-rating-error`}>
        <legend className="text-sm font-medium text-slate-900">{t('yourRating')}</legend>
        <div className="mt-1 flex flex-wrap items-center gap-1" onMouseLeave={() => dispatch({ type: 'hovered', star: null })}>
          {STAR_VALUES.map((star) => (
            <label
              key={star}
              className="relative rounded-md p-1 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500"
              onMouseEnter={() => dispatch({ type: 'hovered', star })}
            >
              {/* The radio covers its star, unseen: a click on the star is a click on the radio. */}
              <input
                type="radio"
                name={`${id}-rating`}
                value={star}
                checked={rating === star}
                onChange={() => dispatch({ type: 'rated', rating: star })}
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
          onChange={(event) => dispatch({ type: 'typed', body: event.target.value })}
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
      {error && <p role="alert" className="text-sm font-medium text-red-700">{errorText(error)}</p>}
    </HydratedForm>
  );
}
