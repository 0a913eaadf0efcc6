import { itemReviewSchema, RATING_REQUIRED } from '@/lib/schemas/item-review';
import { myReview } from '@/tests/support/item-review-fixtures';
import { fieldErrorsOfIssues, fieldErrorsOfResult, initialState, reducer, reviewInput, starsShown } from './my-item-review-form-state';
import type { ReviewFormAction, ReviewFormState } from './my-item-review-form-state';

// The review form's transitions: choosing stars and writing, the schema's refusal before anything
// is sent, sending, and the server's answer (saved, refused by field, or not reached).

const existing = myReview({ rating: 3, body: 'Good.' });

const run = (state: ReviewFormState, ...actions: ReviewFormAction[]) => actions.reduce(reducer, state);

describe('the form’s fields', () => {
  it('starts empty for a new review, and from the review being edited', () => {
    expect(initialState(null)).toEqual({ rating: null, hovered: null, body: '', fieldErrors: {}, error: null, sending: false });
    expect(initialState(existing)).toMatchObject({ rating: 3, body: 'Good.' });
  });

  it('fills the stars up to the one under the pointer, else up to the rating chosen', () => {
    const rated = reducer(initialState(null), { type: 'rated', rating: 4 });
    expect(starsShown(initialState(null))).toBe(0);
    expect(starsShown(rated)).toBe(4);
    const hovering = reducer(rated, { type: 'hovered', star: 2 });
    expect(starsShown(hovering)).toBe(2);
    expect(starsShown(reducer(hovering, { type: 'hovered', star: null }))).toBe(4);
  });

  it('keeps what was typed', () => {
    expect(reducer(initialState(null), { type: 'typed', body: 'Worth it.' }).body).toBe('Worth it.');
  });
});

describe('checking before sending', () => {
  it('names a missing rating and a missing text by field, and sends nothing', () => {
    const state = initialState(null);
    const parsed = itemReviewSchema.safeParse(reviewInput(state));
    expect(parsed.success).toBe(false);
    const fieldErrors = fieldErrorsOfIssues(parsed.error?.issues ?? []);
    expect(fieldErrors).toEqual({ rating: RATING_REQUIRED, body: 'writeAFewWordsAboutIt' });

    const invalid = run(state, { type: 'submitted' }, { type: 'invalid', fieldErrors });
    expect(invalid).toMatchObject({ fieldErrors, sending: false, error: null });
  });

  it('passes a rated, written review as the schema takes it', () => {
    const filled = run(initialState(null), { type: 'rated', rating: 5 }, { type: 'typed', body: '  Excellent.  ' });
    expect(itemReviewSchema.safeParse(reviewInput(filled))).toEqual({ success: true, data: { rating: 5, body: 'Excellent.' } });
  });
});

describe('sending', () => {
  const invalidThenFixed = () =>
    run(initialState(null), { type: 'invalid', fieldErrors: { rating: RATING_REQUIRED } }, { type: 'rated', rating: 5 }, { type: 'typed', body: 'Excellent.' }, { type: 'submitted' });

  it('clears the earlier refusals and is busy while the server saves', () => {
    const sending = reducer(invalidThenFixed(), { type: 'sending' });
    expect(sending).toMatchObject({ sending: true, fieldErrors: {}, error: null });
    expect(reducer(sending, { type: 'saved' }).sending).toBe(false);
  });

  it('shows the server’s refusal, by field where it names one, and keeps what was typed', () => {
    const refused = run(invalidThenFixed(), { type: 'sending' }, { type: 'refused', message: 'Please correct the highlighted fields.', fieldErrors: fieldErrorsOfResult({ body: ['A review can be at most 2,000 characters', 'second'] }) });
    expect(refused).toMatchObject({ sending: false, error: 'Please correct the highlighted fields.', fieldErrors: { rating: undefined, body: 'A review can be at most 2,000 characters' }, rating: 5, body: 'Excellent.' });
    // Sending again takes the message back while the server is asked.
    expect(reducer(refused, { type: 'submitted' }).error).toBeNull();
  });

  it('a server that cannot be reached leaves the form to be sent again', () => {
    const failed = run(invalidThenFixed(), { type: 'sending' }, { type: 'failed', message: 'Something went wrong. Please try again.' });
    expect(failed).toMatchObject({ sending: false, error: 'Something went wrong. Please try again.', fieldErrors: {}, body: 'Excellent.' });
  });

  it('reads no field errors from a refusal that names none', () => {
    expect(fieldErrorsOfResult(undefined)).toEqual({ rating: undefined, body: undefined });
  });
});
