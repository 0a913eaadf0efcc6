// What the review form holds between renders and how each step changes it: the stars and words
// typed, the schema's and the server's refusals, and sending. Pure, so every transition can be
// checked without a browser; ./use-my-item-review-form.ts runs it for the form in ./my-item-review-panel.tsx.
import type { FieldErrors } from '@/lib/result';
import type { MyItemReview } from '@/lib/item-reviews';

/** English, as the schema and the server word them; shown through useErrorText(). */
export type ReviewFieldErrors = { rating?: string; body?: string };

export type ReviewFormState = {
  rating: number | null;
  /** The star under the pointer, shown filled up to it. */
  hovered: number | null;
  body: string;
  fieldErrors: ReviewFieldErrors;
  error: string | null;
  sending: boolean;
};

export type ReviewFormAction =
  | { type: 'rated'; rating: number }
  | { type: 'hovered'; star: number | null }
  | { type: 'typed'; body: string }
  | { type: 'submitted' }
  | { type: 'invalid'; fieldErrors: ReviewFieldErrors }
  | { type: 'sending' }
  | { type: 'saved' }
  | { type: 'refused'; message: string; fieldErrors: ReviewFieldErrors }
  | { type: 'failed'; message: string };

export function initialState(review: MyItemReview | null): ReviewFormState {
  return { rating: review?.rating ?? null, hovered: null, body: review?.body ?? '', fieldErrors: {}, error: null, sending: false };
}

export function reducer(state: ReviewFormState, action: ReviewFormAction): ReviewFormState {
  switch (action.type) {
    case 'rated':
      return { ...state, rating: action.rating };
    case 'hovered':
      return { ...state, hovered: action.star };
    case 'typed':
      return { ...state, body: action.body };
    case 'submitted':
      return { ...state, error: null };
    case 'invalid':
      return { ...state, fieldErrors: action.fieldErrors };
    case 'sending':
      return { ...state, fieldErrors: {}, sending: true };
    case 'saved':
      return { ...state, sending: false };
    case 'refused':
      return { ...state, sending: false, fieldErrors: action.fieldErrors, error: action.message };
    case 'failed':
      return { ...state, sending: false, error: action.message };
  }
}

/** The stars shown filled: up to the one under the pointer, else the rating chosen. */
export function starsShown(state: ReviewFormState): number {
  return state.hovered ?? state.rating ?? 0;
}

/** What the schema checks, as the form holds it (no rating yet is left out, so the schema names it). */
export function reviewInput(state: ReviewFormState): { rating: number | undefined; body: string } {
  return { rating: state.rating ?? undefined, body: state.body };
}

/** The first message about each field, from the schema's issues. */
export function fieldErrorsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ReviewFieldErrors {
  return { rating: issues.find((issue) => issue.path[0] === 'rating')?.message, body: issues.find((issue) => issue.path[0] === 'body')?.message };
}

/** The first message about each field, from the server's refusal. */
export function fieldErrorsOfResult(fieldErrors: FieldErrors | undefined): ReviewFieldErrors {
  return { rating: fieldErrors?.rating?.[0], body: fieldErrors?.body?.[0] };
}
