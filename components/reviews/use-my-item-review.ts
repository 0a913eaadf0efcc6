'use client';

import { answerMessage } from '@/i18n/error-text';
import { useEffect, useReducer } from 'react';
import type { MyItemReviewState } from '@/lib/item-reviews';
import { deleteMyItemReviewAction } from '@/server/actions/item-reviews';
import { SOMETHING_WENT_WRONG, initialState, reducer } from './my-item-review-state';

/**
 * The own-review panel's state (./my-item-review-state.ts) with its calls to the server: who is
 * looking (GET /api/items/{id}/reviews/mine) when the panel opens, and deleting the review.
 */
export function useMyItemReview(itemId: string) {
  const [state, dispatch] = useReducer(reducer, undefined, initialState);

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/items/${encodeURIComponent(itemId)}/reviews/mine`, { cache: 'no-store', signal: controller.signal })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as MyItemReviewState | null;
        if (!response.ok || !body?.eligibility) throw new Error(answerMessage(body) ?? '');
        dispatch({ type: 'loaded', state: body });
      })
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: 'loadFailed', message: reason instanceof Error && reason.message ? reason.message : null });
      });
    return () => controller.abort();
  }, [itemId]);

  async function remove() {
    dispatch({ type: 'deleteRequested' });
    try {
      const result = await deleteMyItemReviewAction(itemId);
      // The action refreshed the page (revalidatePath): its answer carries the new list and
      // rating. No router.refresh() after it: the browser may answer that from its HTTP cache
      // (the cached page allows stale-while-revalidate) and put the old list back.
      dispatch({ type: 'deleteAnswered', answer: result.ok ? { ok: true } : { ok: false, message: result.message } });
    } catch {
      dispatch({ type: 'deleteAnswered', answer: { ok: false, message: SOMETHING_WENT_WRONG } });
    }
  }

  return { state, dispatch, remove };
}
