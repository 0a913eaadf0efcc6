'use client';

import { Suspense, lazy } from 'react';
import { useSession } from '@/components/layout/session-provider';
import { may } from '@/lib/permissions';
import type { ReviewModerationProps } from './review-moderation-controls';

// Under each review on a course or book page: nothing, except for an admin, who gets the
// moderation controls (./review-moderation-controls.tsx). The page is cached and the same for
// everyone, so who is looking is known in the browser only, and only admins download the controls.

const ReviewModerationControls = lazy(() => import('./review-moderation-controls').then((module) => ({ default: module.ReviewModerationControls })));

export function ReviewModeration(props: ReviewModerationProps) {
  const { data } = useSession();
  if (!may(data?.user, 'moderateReviews')) return null;
  return (
    <Suspense fallback={null}>
      <ReviewModerationControls {...props} />
    </Suspense>
  );
}
