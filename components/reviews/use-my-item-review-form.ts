'use client';

import { useEffect, useReducer } from 'react';
import type { FormEvent } from 'react';
import type { MyItemReview } from '@/lib/item-reviews';
import { saveMyItemReviewAction } from '@/server/actions/item-reviews';
import { fieldErrorsOfIssues, fieldErrorsOfResult, initialState, reducer, reviewInput } from './my-item-review-form-state';
import { SOMETHING_WENT_WRONG } from './my-item-review-state';

/**
 * The server's own schema checks the form in the browser too, but it brings zod (about 31 kB gzip)
 * that every course and book page would otherwise load for a form few visitors open: it is fetched
 * when the form opens, and awaited on submit in case that was not yet done.
 */
const loadReviewSchema = () => import('@/lib/schemas/item-review');

/**
 * The review form's state (./my-item-review-form-state.ts) with its checks and its save: the
 * schema first, then the server, whose refusal is shown by the fields. `onSaved`: the saved review,
 * and whether it was new.
 */
export function useMyItemReviewForm({ itemId, initial, onSaved }: { itemId: string; initial: MyItemReview | null; onSaved: (review: MyItemReview, created: boolean) => void }) {
  const [state, dispatch] = useReducer(reducer, initial, initialState);

  useEffect(() => {
    void loadReviewSchema();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch({ type: 'submitted' });
    const { itemReviewSchema } = await loadReviewSchema();
    const parsed = itemReviewSchema.safeParse(reviewInput(state));
    if (!parsed.success) {
      dispatch({ type: 'invalid', fieldErrors: fieldErrorsOfIssues(parsed.error.issues) });
      return;
    }
    dispatch({ type: 'sending' });
    try {
      const result = await saveMyItemReviewAction(itemId, parsed.data);
      if (result.ok) {
        onSaved(result.data, initial === null);
        dispatch({ type: 'saved' });
      } else {
        dispatch({ type: 'refused', message: result.message, fieldErrors: fieldErrorsOfResult(result.fieldErrors) });
      }
    } catch {
      dispatch({ type: 'failed', message: SOMETHING_WENT_WRONG });
    }
  }

  return { state, dispatch, submit };
}
