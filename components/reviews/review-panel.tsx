'use client';

import { useTranslations } from 'next-intl';
import type { ReviewedItemKind } from '@/lib/item-reviews';

// The frame of the visitor's own review on a course or book page, shared by the part every
// visitor loads (./my-item-review.tsx) and the one only signed-in visitors load (./my-item-review-panel.tsx).

export const REVIEW_PANEL = 'rounded-xl border border-slate-200 bg-white p-5';

/** While it is not known yet who is looking, or what they may do. */
export function CheckingPanel({ itemKind }: { itemKind: ReviewedItemKind }) {
  const t = useTranslations('itemReviews');
  return (
    <div className={REVIEW_PANEL} aria-busy="true">
      <h3 className="text-lg font-bold text-brand-900">{t('reviewThis', { kind: itemKind })}</h3>
      <p className="mt-2 text-slate-700">{t('checking', { kind: itemKind })}</p>
      <noscript>
        <p className="mt-1 text-sm text-slate-700">{t('noScript')}</p>
      </noscript>
    </div>
  );
}
