import type { Metadata } from 'next';
import { ReviewForm } from '@/components/reviews/review-form';
import { requireUserPage } from '@/server/guards';
import { findUserReview } from '@/server/reviews';

export const metadata: Metadata = { title: 'Add Review', robots: { index: false } };

/** The spec's path keeps its spelling; /addReview shows the same page. */
export default async function AddReviewPage() {
  const user = await requireUserPage('/addReviwe');
  const existing = await findUserReview(user.id);
  return (
    <div className="container-page py-10">
      <div className="mx-auto max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="mb-2 text-3xl font-bold text-brand-900">Add Review</h1>
        <p className="mb-6 text-slate-700">Tell other learners how Knowledge Zone worked for you.</p>
        <ReviewForm name={user.name} hasReview={existing !== null} />
      </div>
    </div>
  );
}
