'use client';

import { useRouter } from '@/i18n/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showItemReviewAction } from '@/server/actions/item-reviews';

// Undoes a moderator's hiding of one review (the hidden reviews screen), after a confirmation:
// the review goes back on its item's page and into its rating (server/item-reviews.ts).

type Props = { reviewId: string; authorName: string; rating: number; itemName: string };

export function ShowReviewButton({ reviewId, authorName, rating, itemName }: Props) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();

  function show() {
    startTransition(async () => {
      const result = await showItemReviewAction(reviewId);
      setConfirming(false);
      if (!result.ok) toast.error(result.message);
      else if (result.data.alreadyShown) toast.info('This review was already shown', { description: 'Another admin showed it again a moment ago.' });
      else toast.success('Review shown again', { description: `${authorName}'s review is back on ${itemName} and counts in its rating.` });
      // The row leaves the list: the refreshed page no longer finds the review hidden.
      router.refresh();
    });
  }

  return (
    <>
      <button type="button" className="btn-primary px-3 py-1" disabled={pending} onClick={() => setConfirming(true)}>
        {pending ? 'Showing…' : 'Show Again'}
        <span className="sr-only">
          {' '}
          {authorName}&apos;s review of {itemName}
        </span>
      </button>
      {/* Mounted only while open: one dialog (and one title id) on the page at a time. */}
      {confirming ? (
        <ConfirmDialog
          open
          title="Show this review again?"
          confirmLabel={pending ? 'Showing…' : 'Show Again'}
          tone="primary"
          busy={pending}
          onCancel={() => setConfirming(false)}
          onConfirm={show}
        >
          <p>
            {authorName}&apos;s {rating}-star review of <span className="font-semibold">{itemName}</span> goes back on its page and counts in its rating
            again. The change is recorded in the audit log.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
