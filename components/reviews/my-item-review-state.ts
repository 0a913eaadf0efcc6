// What the visitor's own review panel holds between renders and how each step changes it: the
// server's answer about who is looking, editing, deleting, and the review saved by the form.
// Pure, so every transition can be checked without a browser; ./use-my-item-review.ts runs it.
import type { MyItemReview, MyItemReviewState } from '@/lib/item-reviews';

/** `message`: the API's own (English) answer, or null when it gave none. */
export type Loaded = { phase: 'loading' } | { phase: 'error'; message: string | null } | { phase: 'ready'; state: MyItemReviewState };

/** What the panel says after a write, as its key in the `itemReviews` messages. */
export type ReviewNotice = 'posted' | 'saved' | 'deleted';

export type MyReviewPanelState = {
  loaded: Loaded;
  editing: boolean;
  confirmingDelete: boolean;
  busy: boolean;
  notice: ReviewNotice | null;
  /** The server's message (English), shown through useErrorText(). */
  error: string | null;
};

export type MyReviewPanelAction =
  | { type: 'loaded'; state: MyItemReviewState }
  | { type: 'loadFailed'; message: string | null }
  | { type: 'editStarted' }
  | { type: 'editCancelled' }
  | { type: 'deleteAsked' }
  | { type: 'deleteCancelled' }
  | { type: 'deleteRequested' }
  | { type: 'deleteAnswered'; answer: { ok: true } | { ok: false; message: string } }
  | { type: 'saved'; review: MyItemReview; created: boolean };

/** What the panel shows when a write fails without the server's own message. */
export const SOMETHING_WENT_WRONG = 'somethingWentWrongPleaseTryAgain';

export function initialState(): MyReviewPanelState {
  return { loaded: { phase: 'loading' }, editing: false, confirmingDelete: false, busy: false, notice: null, error: null };
}

function withReview(loaded: Loaded, review: MyItemReview | null): Loaded {
  return loaded.phase === 'ready' ? { phase: 'ready', state: { ...loaded.state, review } } : loaded;
}

export function reducer(state: MyReviewPanelState, action: MyReviewPanelAction): MyReviewPanelState {
  switch (action.type) {
    case 'loaded':
      return { ...state, loaded: { phase: 'ready', state: action.state } };
    case 'loadFailed':
      return { ...state, loaded: { phase: 'error', message: action.message } };
    case 'editStarted':
      return { ...state, editing: true, notice: null };
    case 'editCancelled':
      return { ...state, editing: false };
    case 'deleteAsked':
      return { ...state, confirmingDelete: true };
    case 'deleteCancelled':
      return { ...state, confirmingDelete: false };
    case 'deleteRequested':
      return { ...state, busy: true, error: null };
    case 'deleteAnswered': {
      const done = { ...state, busy: false, confirmingDelete: false };
      if (!action.answer.ok) return { ...done, error: action.answer.message };
      return { ...done, loaded: withReview(state.loaded, null), notice: 'deleted' };
    }
    case 'saved':
      return { ...state, loaded: withReview(state.loaded, action.review), editing: false, notice: action.created ? 'posted' : 'saved' };
  }
}

/** A review may be edited by a buyer who may still review, unless a moderator hid it. */
export function mayEdit(state: MyItemReviewState): boolean {
  return state.eligibility.status === 'eligible' && state.review !== null && !state.review.hidden;
}
