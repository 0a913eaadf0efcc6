import type { MyItemReview, MyItemReviewState } from '@/lib/item-reviews';
import { myReview as review } from '@/tests/support/item-review-fixtures';
import { SOMETHING_WENT_WRONG, initialState, mayEdit, reducer } from './my-item-review-state';
import type { MyReviewPanelAction, MyReviewPanelState } from './my-item-review-state';

// The own-review panel's transitions, as the visitor and the server drive them: who is looking,
// editing, saving, deleting (confirmed or not), and the server refusing.

const eligible = (own: MyItemReview | null): MyItemReviewState => ({ itemKind: 'course', eligibility: { status: 'eligible' }, review: own });
const run = (state: MyReviewPanelState, ...actions: MyReviewPanelAction[]) => actions.reduce(reducer, state);
const ownReview = (state: MyReviewPanelState) => (state.loaded.phase === 'ready' ? state.loaded.state.review : undefined);

describe('loading who is looking', () => {
  it('is loading until the server answers, then holds its answer', () => {
    const state = initialState();
    expect(state).toEqual({ loaded: { phase: 'loading' }, editing: false, confirmingDelete: false, busy: false, notice: null, error: null });
    const answer = eligible(review());
    expect(reducer(state, { type: 'loaded', state: answer }).loaded).toEqual({ phase: 'ready', state: answer });
  });

  it('keeps the server’s message when it could not answer, or none', () => {
    expect(reducer(initialState(), { type: 'loadFailed', message: 'Please log in again.' }).loaded).toEqual({ phase: 'error', message: 'Please log in again.' });
    expect(reducer(initialState(), { type: 'loadFailed', message: null }).loaded).toEqual({ phase: 'error', message: null });
  });
});

describe('editing and saving', () => {
  const withReview = () => reducer(initialState(), { type: 'loaded', state: eligible(review()) });

  it('opens the form and takes back the last notice; cancelling shows the review again', () => {
    const saved = run(withReview(), { type: 'editStarted' }, { type: 'saved', review: review({ rating: 5 }), created: false });
    expect(saved.notice).toBe('saved');
    const editing = reducer(saved, { type: 'editStarted' });
    expect(editing).toMatchObject({ editing: true, notice: null });
    expect(reducer(editing, { type: 'editCancelled' }).editing).toBe(false);
  });

  it('a new review is posted: shown as the visitor’s review, with “posted”', () => {
    const posted = review({ id: 'review-2', rating: 5 });
    const state = run(reducer(initialState(), { type: 'loaded', state: eligible(null) }), { type: 'saved', review: posted, created: true });
    expect(ownReview(state)).toBe(posted);
    expect(state).toMatchObject({ editing: false, notice: 'posted' });
  });

  it('an edited review replaces the old one and keeps the rest of the server’s answer', () => {
    const edited = review({ body: 'Even better the second time.', edited: true });
    const state = run(withReview(), { type: 'editStarted' }, { type: 'saved', review: edited, created: false });
    expect(ownReview(state)).toBe(edited);
    expect(state.loaded.phase === 'ready' && state.loaded.state.eligibility).toEqual({ status: 'eligible' });
    expect(state).toMatchObject({ editing: false, notice: 'saved' });
  });

  it('may edit only while eligible and not hidden by a moderator', () => {
    expect(mayEdit(eligible(review()))).toBe(true);
    expect(mayEdit(eligible(review({ hidden: true, hiddenReason: 'Off topic' })))).toBe(false);
    expect(mayEdit({ itemKind: 'book', eligibility: { status: 'not-bought', message: 'onlyBuyersOfThisBookCanReviewIt' }, review: review() })).toBe(false);
    expect(mayEdit(eligible(null))).toBe(false);
  });
});

describe('deleting', () => {
  const withReview = () => reducer(initialState(), { type: 'loaded', state: eligible(review()) });

  it('asks first; cancelling leaves the review as it was', () => {
    const asked = reducer(withReview(), { type: 'deleteAsked' });
    expect(asked.confirmingDelete).toBe(true);
    const cancelled = reducer(asked, { type: 'deleteCancelled' });
    expect(cancelled.confirmingDelete).toBe(false);
    expect(ownReview(cancelled)).toEqual(review());
  });

  it('is busy while the server deletes, then the review is gone with “deleted”', () => {
    const requested = run(withReview(), { type: 'deleteAsked' }, { type: 'deleteRequested' });
    expect(requested).toMatchObject({ busy: true, error: null, confirmingDelete: true });
    const deleted = reducer(requested, { type: 'deleteAnswered', answer: { ok: true } });
    expect(deleted).toMatchObject({ busy: false, confirmingDelete: false, notice: 'deleted', error: null });
    expect(ownReview(deleted)).toBeNull();
  });

  it('a refusal keeps the review and shows the server’s message; trying again clears it', () => {
    const refused = run(withReview(), { type: 'deleteAsked' }, { type: 'deleteRequested' }, { type: 'deleteAnswered', answer: { ok: false, message: SOMETHING_WENT_WRONG } });
    expect(refused).toMatchObject({ busy: false, confirmingDelete: false, error: SOMETHING_WENT_WRONG, notice: null });
    expect(ownReview(refused)).toEqual(review());
    expect(reducer(refused, { type: 'deleteRequested' }).error).toBeNull();
  });

  it('never makes up an answer from the server when none came', () => {
    const loading = initialState();
    expect(reducer(loading, { type: 'deleteAnswered', answer: { ok: true } }).loaded).toEqual({ phase: 'loading' });
    expect(reducer(loading, { type: 'saved', review: review(), created: true }).loaded).toEqual({ phase: 'loading' });
  });
});
