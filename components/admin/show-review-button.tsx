'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useErrorText } from '@/i18n/use-error-text';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showItemReviewAction } from '@/server/actions/item-reviews';

// Undoes a moderator's hiding of one review (the hidden reviews screen), after a confirmation:
// the review goes back on its item's page and into its rating (server/reviews/item-reviews.ts).

type Props = { reviewId: string; authorName: string; rating: number; itemName: string };

export function ShowReviewButton({ reviewId, authorName, rating, itemName }: Props) {
  const t = useTranslations('adminReviewActions');
  const errorText = useErrorText();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();

  function show() {
    startTransition(async () => {
      const result = await showItemReviewAction(reviewId);
      setConfirming(false);
      if (!result.ok) toast.error(errorText(result.message));
      else if (result.data.alreadyShown) toast.info(t('alreadyShown'), { description: t('alreadyShownDescription') });
      else toast.success(t('shownAgain'), { description: t('shownAgainDescription', { author: authorName, item: itemName }) });
      // The row leaves the list: the refreshed page no longer finds the review hidden.
      router.refresh();
    });
  }

  return (
    <>
      <button type="button" className="btn-primary px-3 py-1" disabled={pending} onClick={() => setConfirming(true)}>
        {pending ? t('showing') : t('showAgain')}
        <span className="sr-only">
          {' '}
          {t('reviewOf', { author: authorName, item: itemName })}
        </span>
      </button>
      {/* Mounted only while open: one dialog (and one title id) on the page at a time. */}
      {confirming ? (
        <ConfirmDialog
          open
          title={t('confirmTitle')}
          confirmLabel={pending ? t('showing') : t('showAgain')}
          tone="primary"
          busy={pending}
          onCancel={() => setConfirming(false)}
          onConfirm={show}
        >
          <p>
            {t.rich('confirmText', { author: authorName, rating, item: itemName, b: (chunks) => <span className="font-semibold">{chunks}</span> })}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
