'use client';

import { useTranslations } from 'next-intl';
import { Suspense, lazy } from 'react';
import { Link, usePathname } from '@/i18n/navigation';
import { useSession } from '@/components/layout/session-provider';
import type { ReviewedItemKind } from '@/lib/item-reviews';
import { loginUrl } from '@/lib/routes';
import { CheckingPanel, REVIEW_PANEL } from './review-panel';

// The visitor's own review of a course or book. The page around it is cached and the same for
// everyone: a signed-out visitor is asked to sign in from here, and only a signed-in one downloads
// the form and its state (./my-item-review-panel.tsx), fetched while their review is looked up.

type Props = { itemId: string; itemKind: ReviewedItemKind };

const MyItemReviewPanel = lazy(() => import('./my-item-review-panel').then((module) => ({ default: module.MyItemReviewPanel })));

export function MyItemReview({ itemId, itemKind }: Props) {
  const t = useTranslations('itemReviews');
  const { status } = useSession();
  const pathname = usePathname();

  if (status === 'authenticated') {
    return (
      <Suspense fallback={<CheckingPanel itemKind={itemKind} />}>
        <MyItemReviewPanel itemId={itemId} itemKind={itemKind} />
      </Suspense>
    );
  }
  if (status === 'loading') return <CheckingPanel itemKind={itemKind} />;
  return (
    <div className={REVIEW_PANEL}>
      <h3 className="text-lg font-bold text-brand-900">{t('reviewThis', { kind: itemKind })}</h3>
      <p className="mt-2 text-slate-800">
        {t.rich('logInToReview', {
          kind: itemKind,
          login: (chunks) => (
            <Link href={loginUrl(`${pathname}#reviews`)} className="font-semibold text-brand-700 underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </div>
  );
}
