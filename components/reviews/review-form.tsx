'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useErrorText } from '@/i18n/use-error-text';
import { saveReviewAction } from '@/server/actions/reviews';
import { LIMITS } from '@/lib/catalogue';
import type { Result } from '@/lib/result';
import { REVIEW_SAVED_MESSAGE, reviewSchema } from '@/lib/schemas/review';
import type { ReviewInput, ReviewValues } from '@/lib/schemas/review';
import { HydratedForm } from '@/components/ui/hydrated-form';

type Props = { name: string; hasReview: boolean };

/**
 * Add Review (docs/product.md §5): the name is the account's; a second review replaces the first. Its texts
 * are the `reviewForm` messages; the schema's and the server's English go through useErrorText().
 */
export function ReviewForm({ name, hasReview }: Props) {
  const t = useTranslations('reviewForm');
  const errorText = useErrorText();
  // A new key remounts the fields: that is how the form resets after a review is saved.
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [replaces, setReplaces] = useState(hasReview);
  return (
    <div className="space-y-5">
      {replaces && (
        <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {t('replaces')}
        </p>
      )}
      <ReviewFields
        key={formKey}
        name={name}
        onSubmitStart={() => setNotice(null)}
        onSaved={() => {
          setFormKey((key) => key + 1);
          setReplaces(true);
          setNotice(errorText(REVIEW_SAVED_MESSAGE));
        }}
      />
      {notice && <p role="status" className="text-center font-semibold text-green-800">{notice}</p>}
    </div>
  );
}

function ReviewFields({ name, onSubmitStart, onSaved }: { name: string; onSubmitStart: () => void; onSaved: () => void }) {
  const t = useTranslations('reviewForm');
  const tUi = useTranslations('ui');
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ReviewInput, unknown, ReviewValues>({
    resolver: zodResolver(reviewSchema),
    defaultValues: { comment: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const comment = form.watch('comment') ?? '';

  async function save(values: ReviewValues) {
    onSubmitStart();
    setError(null);
    let result: Result;
    try {
      result = await saveReviewAction(values);
    } catch {
      return setError(errorText('somethingWentWrongPleaseTryAgain'));
    }
    if (!result.ok) {
      for (const field of ['ratting', 'comment'] as const) {
        const message = result.fieldErrors?.[field]?.[0];
        if (message) form.setError(field, { message });
      }
      return setError(errorText(result.message));
    }
    onSaved();
  }

  return (
    <HydratedForm noValidate onSubmit={form.handleSubmit(save)} className="space-y-5" aria-busy={isSubmitting}>
      <div>
        <label htmlFor="review-name" className="mb-1 block text-sm font-medium">{t('name')}</label>
        <input id="review-name" className="input-field bg-slate-100 text-slate-700" value={name} readOnly aria-readonly />
      </div>
      <div>
        <label htmlFor="review-rating" className="mb-1 block text-sm font-medium">{t('rating')}</label>
        <input
          id="review-rating"
          type="number"
          inputMode="decimal"
          step="any"
          className="input-field"
          aria-invalid={Boolean(errors.ratting)}
          aria-describedby="review-rating-error"
          {...form.register('ratting', { valueAsNumber: true })}
        />
        <p id="review-rating-error" className="field-error">{errors.ratting?.message && errorText(errors.ratting.message)}</p>
      </div>
      <div>
        <label htmlFor="review-comment" className="mb-1 block text-sm font-medium">{t('comment')}</label>
        <textarea
          id="review-comment"
          rows={4}
          maxLength={LIMITS.reviewCommentMax}
          className="input-field resize-y"
          aria-invalid={Boolean(errors.comment)}
          aria-describedby="review-comment-count review-comment-error"
          {...form.register('comment')}
        />
        <p id="review-comment-count" className="mt-1 text-right text-xs text-slate-600">
          {t('characterCount', { count: comment.length, max: LIMITS.reviewCommentMax })}
        </p>
        <p id="review-comment-error" className="field-error">{errors.comment?.message && errorText(errors.comment.message)}</p>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? tUi('sending') : t('submit')}
      </button>
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
    </HydratedForm>
  );
}
