import 'server-only';
import { coded } from '@/lib/coded-message';
import type { ErrorCode } from '@/lib/coded-message';
import type { ClientSession, Collection, Filter, ObjectId } from 'mongodb';
import { cache } from 'react';
import { formatDate } from '@/lib/format';
import { pageCountOf, skipFor } from '@/lib/pagination';
import { EMPTY_RATING, ITEM_REVIEWS_PER_PAGE, REVIEW_GATE, STAR_VALUES, averageOf, ratingSummary } from '@/lib/ratings';
import type { RatingCounters, RatingSummary } from '@/lib/ratings';
import type { HiddenItemReview, HiddenItemReviewPage, ItemReview, ItemReviewPage, MyItemReview, MyItemReviewState, ReviewEligibility, ReviewReply } from '@/lib/item-reviews';
import { routes } from '@/lib/routes';
import { itemReviewSchema, reviewHideSchema, reviewReplySchema } from '@/lib/schemas/item-review';
import { recordAudit } from '../platform/audit';
import { announceRatingChange } from '../catalogue/catalogue-cache';
import { collection, inTransactionWhereSupported, isDuplicateKey, parseObjectId, withDb } from '../platform/db';
import type { CurriculumSectionDocument, ItemReviewDocument, OrderDocument } from '../platform/documents';
import { siteUrl } from '../platform/env';
import { HttpError } from '../platform/http';
import { sendMail } from '../platform/mail';
import { mailTexts } from '../platform/mail-messages';
import { localeOfAccount } from '../accounts/account-locale';
import { localePath } from '@/i18n/routing';
import { authorize } from '../accounts/permissions';
import type { Actor } from '../accounts/permissions';
import { readCourseProgress } from '../learning/progress';
import type { User } from '../accounts/users';
import { WRITE_LIMITS, takeAdminWriteAllowance, takeWriteAllowance } from '../platform/write-limits';

// Buyers' ratings and reviews of one course or book, apart from the site-wide
// testimonials of server/reviews/reviews.ts. Every door (the page's forms through server actions, the REST
// API) calls these operations, which check who may do what, take the write allowance, validate,
// write, keep the item's rating counters exact and refresh the pages that show them.
//
// The item's `rating` counters ({count, sum, stars}) change by $inc in the same operation as the
// review, by the difference between the review as the operation found it and as it left it. That
// "before" comes from the same atomic findAndModify as the change itself, so concurrent edits,
// deletions and hiding of one review each move the counters by exactly what they changed, and the
// counters stay the sum of the shown reviews whatever the interleaving. The review's write and the
// counters' run in one transaction where the database has them (countedWrite); without (FerretDB),
// a process dying between the two leaves the counters one review off until recountItemRating runs
// (the seed runs it for every demo item).

type ItemKind = ItemReviewDocument['itemKind'];

/** Who writes a review: the signed-in account (its name is shown with the review). */
export type Reviewer = Pick<User, 'id' | 'name' | 'role'>;

/** Who moderates: an account with `moderateReviews`; its name signs the reply. */
export type Moderator = Actor & Pick<User, 'name'>;

export type { HiddenItemReview, HiddenItemReviewPage, ItemReview, ItemReviewPage, MyItemReview, MyItemReviewState, ReviewEligibility, ReviewReply };

/** What the item's page and the API show: the item, its rating, and one page of its shown reviews. */
export type ItemReviewsAnswer = ItemReviewPage & { item: { id: string; kind: ItemKind; name: string; path: string }; rating: RatingSummary | null };

export const HIDDEN_REVIEW_MESSAGE = 'aModeratorHidYourReviewSoItCannotBeEditedYouCan';

/** An edit may follow within a second of the first post (a double submit): that is not an edit. */
const EDITED_AFTER_MS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

type ReviewedItem = {
  id: ObjectId;
  kind: ItemKind;
  name: string;
  path: string;
  /** The course's lessons, in curriculum order (none for a book). */
  lessonIds: string[];
  rating: RatingCounters | null;
};

function idOrBadRequest(value: string, invalid: ErrorCode): ObjectId {
  const id = parseObjectId(value);
  if (!id) throw new HttpError(400, invalid);
  return id;
}

function lessonIdsOf(curriculum: CurriculumSectionDocument[] | undefined): string[] {
  return (curriculum ?? []).flatMap((section) => section.lessons.map((lesson) => lesson._id.toHexString()));
}

/** The listed course or book with this id (unlisted items are no longer reviewed), or null. */
async function findReviewedItem(itemId: ObjectId): Promise<ReviewedItem | null> {
  return withDb(async () => {
    const course = await (await collection('courses')).findOne({ _id: itemId }, { projection: { title: 1, classCourse: 1, curriculum: 1, rating: 1 } });
    if (course) {
      const id = course._id.toHexString();
      return { id: course._id, kind: 'course', name: course.title, path: routes.courseDetail(course.classCourse, id), lessonIds: lessonIdsOf(course.curriculum), rating: course.rating ?? null };
    }
    const book = await (await collection('books')).findOne({ _id: itemId }, { projection: { bookName: 1, rating: 1 } });
    return book ? { id: book._id, kind: 'book', name: book.bookName, path: routes.book(book._id.toHexString()), lessonIds: [], rating: book.rating ?? null } : null;
  });
}

async function reviewedItemOr404(itemId: string): Promise<ReviewedItem> {
  const item = await findReviewedItem(idOrBadRequest(itemId, 'invalidCourseOrBookIdExpected24HexadecimalCharacters'));
  if (!item) throw new HttpError(404, 'courseOrBookNotFound');
  return item;
}

/** The item's name for the audit log and the author's e-mail; an unlisted item keeps its id. */
async function itemNameOf(kind: ItemKind, itemId: ObjectId): Promise<string> {
  const item = await findReviewedItem(itemId);
  return item?.name ?? `${kind} ${itemId.toHexString()}`;
}

function toReply(reply: ItemReviewDocument['reply']): ReviewReply | null {
  if (!reply) return null;
  return { body: reply.body, authorName: reply.authorName, createdAt: reply.createdAt.toISOString(), updatedAt: reply.updatedAt.toISOString() };
}

function toItemReview(document: ItemReviewDocument): ItemReview {
  return {
    id: document._id.toHexString(),
    rating: document.rating,
    body: document.body,
    authorName: document.authorName,
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
    edited: document.updatedAt.getTime() - document.createdAt.getTime() > EDITED_AFTER_MS,
    verifiedBuyer: true,
    reply: toReply(document.reply),
  };
}

function toMyItemReview(document: ItemReviewDocument): MyItemReview {
  return { ...toItemReview(document), hidden: document.hidden, hiddenReason: document.hidden ? (document.hiddenReason ?? null) : null };
}

// ---------------------------------------------------------------------------------------------
// The rating counters on the course or book

type RatingChange = { add?: number; remove?: number };

function itemCollection(kind: ItemKind) {
  return collection(kind === 'course' ? 'courses' : 'books');
}

/**
 * Moves the item's counters by one review added and/or one removed (an edit is both), then sets
 * `averageRating` for the counters it then finds, only if they are still those (a compare-and-set):
 * whichever change came last sets the average of the final counters.
 */
async function applyRatingChange(kind: ItemKind, itemId: ObjectId, change: RatingChange, session: ClientSession | undefined): Promise<void> {
  if (change.add === change.remove) return;
  const increments: Record<string, number> = {};
  const bump = (field: string, by: number) => (increments[field] = (increments[field] ?? 0) + by);
  if (change.add) {
    bump('rating.count', 1);
    bump('rating.sum', change.add);
    bump(`rating.stars.${change.add - 1}`, 1);
  }
  if (change.remove) {
    bump('rating.count', -1);
    bump('rating.sum', -change.remove);
    bump(`rating.stars.${change.remove - 1}`, -1);
  }
  await withDb(async () => {
    const items = await itemCollection(kind);
    // `rating.stars.N` must address an array: the first review of an item creates it (once; a
    // concurrent first review finds it made).
    await items.updateOne({ _id: itemId, rating: { $exists: false } }, { $set: { rating: { ...EMPTY_RATING, stars: [...EMPTY_RATING.stars] }, averageRating: 0 } }, { session });
    await items.updateOne({ _id: itemId }, { $inc: increments }, { session });
    const after = await items.findOne({ _id: itemId }, { projection: { rating: 1 }, session });
    if (!after?.rating) return;
    const { count, sum } = after.rating;
    await items.updateOne({ _id: itemId, 'rating.count': count, 'rating.sum': sum }, { $set: { averageRating: averageOf({ count, sum }) } }, { session });
  });
}

/**
 * A review's write and the counters it moves (applyRatingChange with the same session), together:
 * in one transaction where the database has them, else one after the other. Where there is a
 * transaction, `work` may run again after a conflict, so it only writes through `session`.
 */
function countedWrite<T>(work: (reviews: Collection<ItemReviewDocument>, session: ClientSession | undefined) => Promise<T>): Promise<T> {
  return withDb(() => inTransactionWhereSupported(async (session) => work(await collection('itemReviews'), session)));
}

/** Deletes the review `filter` finds, and takes a shown one out of its item's counters. */
function deleteCounted(filter: Filter<ItemReviewDocument>): Promise<ItemReviewDocument | null> {
  return countedWrite(async (reviews, session) => {
    const deleted = await reviews.findOneAndDelete(filter, { session });
    if (deleted && !deleted.hidden) await applyRatingChange(deleted.itemKind, deleted.itemId, { remove: deleted.rating }, session);
    return deleted;
  });
}

/**
 * Recounts an item's rating from its shown reviews and stores it (the seed rewrites demo items
 * whole; also the repair after a process died between a review's write and its count). Not for
 * use while reviews of the item are being written: it sets, where the operations above increment.
 */
export async function recountItemRating(kind: ItemKind, itemId: ObjectId): Promise<RatingCounters> {
  return withDb(async () => {
    const ratings = await (await collection('itemReviews')).find({ itemId, hidden: false }, { projection: { rating: 1 } }).toArray();
    const stars = STAR_VALUES.map((star) => ratings.filter((review) => review.rating === star).length);
    const counters: RatingCounters = { count: ratings.length, sum: ratings.reduce((sum, review) => sum + review.rating, 0), stars };
    await (await itemCollection(kind)).updateOne({ _id: itemId }, { $set: { rating: counters, averageRating: averageOf(counters) } });
    return counters;
  });
}

/**
 * The item's pages (its detail page, its further review pages, the lists and search whose cards
 * show its rating) are rendered once and cached; they are refreshed here, on every instance.
 */
async function refreshItemPages(kind: ItemKind, itemId: ObjectId): Promise<void> {
  await announceRatingChange(kind, itemId);
}

// ---------------------------------------------------------------------------------------------
// Reading

const SHOWN_FIELDS = { hiddenBy: 0, hiddenReason: 0, hiddenAt: 0 } as const;

const NO_REVIEWS: ItemReviewPage = { items: [], page: 1, pageCount: 1, total: 0, pageSize: ITEM_REVIEWS_PER_PAGE };

/** One page of shown reviews; `knownTotal`, the item's counter of them, saves counting them again. */
async function readShownPage(itemId: ObjectId, page: number, knownTotal?: number): Promise<ItemReviewPage> {
  const current = Math.max(1, Math.trunc(page) || 1);
  if (knownTotal === 0) return NO_REVIEWS;
  return withDb(async () => {
    const reviews = await collection('itemReviews');
    const shown: Filter<ItemReviewDocument> = { itemId, hidden: false };
    // Both answered by the item_shown_newest_first index.
    const [documents, total] = await Promise.all([
      reviews.find(shown, { projection: SHOWN_FIELDS }).sort({ createdAt: -1, _id: -1 }).skip(skipFor(current, ITEM_REVIEWS_PER_PAGE)).limit(ITEM_REVIEWS_PER_PAGE).toArray(),
      knownTotal ?? reviews.countDocuments(shown),
    ]);
    return { items: documents.map(toItemReview), page: current, pageCount: pageCountOf(total, ITEM_REVIEWS_PER_PAGE), total, pageSize: ITEM_REVIEWS_PER_PAGE };
  });
}

/**
 * One page of an item's shown reviews, newest first, for its pages (which know the item exists).
 * The item's `rating` counters are kept equal to its shown reviews (applyRatingChange), so its pages
 * take the total from them: an item without reviews, most of a catalogue, costs no query, and one
 * with reviews no count. (The API's answer still counts: it is read per request, not rendered once.)
 */
export const listItemReviews = cache(async (itemId: string, page: number, rating: RatingSummary | null): Promise<ItemReviewPage> => {
  const id = parseObjectId(itemId);
  if (!id) return NO_REVIEWS;
  return readShownPage(id, page, rating?.count ?? 0);
});

/** GET /api/items/{id}/reviews: the item, its rating and one page of reviews. 400 malformed id, 404 unknown item. */
export async function getItemReviews(itemId: string, page: number): Promise<ItemReviewsAnswer> {
  const item = await reviewedItemOr404(itemId);
  const reviews = await readShownPage(item.id, page);
  return { ...reviews, item: { id: item.id.toHexString(), kind: item.kind, name: item.name, path: item.path }, rating: ratingSummary(item) };
}

function userObjectId(user: Pick<User, 'id'>): ObjectId {
  const id = parseObjectId(user.id);
  if (!id) throw new HttpError(401, 'unauthorizedAccess');
  return id;
}

/**
 * Whether the reviewer may review the item now: a paid order that was not refunded (books at
 * once); for a course also a fifth of its lessons completed, or 7 days since the payment, so a
 * review reflects use.
 */
async function eligibilityOf(reviewer: Reviewer, item: ReviewedItem, now = new Date()): Promise<ReviewEligibility> {
  // A refund sets refundedAt (and unsets paid): a refunded order no longer counts as bought.
  const bought: Filter<OrderDocument> = { userId: userObjectId(reviewer), itemId: item.id, paid: true, refundedAt: { $exists: false } };
  const order = await withDb(async () => (await collection('orders')).findOne(bought, { projection: { paidAt: 1, createdAt: 1 } }));
  if (!order) return { status: 'not-bought', message: item.kind === 'course' ? 'onlyBuyersOfThisCourseCanReviewIt' : 'onlyBuyersOfThisBookCanReviewIt' };
  if (item.kind === 'book') return { status: 'eligible' };

  const eligibleAt = new Date((order.paidAt ?? order.createdAt).getTime() + REVIEW_GATE.daysAfterPurchase * DAY_MS);
  if (now >= eligibleAt) return { status: 'eligible' };
  const needed = Math.ceil(item.lessonIds.length / REVIEW_GATE.lessonFraction);
  const progress = await readCourseProgress(reviewer, item.id.toHexString());
  // Lessons removed from the curriculum since no longer count.
  const completed = item.lessonIds.filter((lessonId) => progress.completed.has(lessonId)).length;
  if (needed > 0 && completed >= needed) return { status: 'eligible' };
  const lessonsToGo = Math.max(0, needed - completed);
  return {
    status: 'too-early',
    eligibleAt: eligibleAt.toISOString(),
    lessonsToGo,
    message:
      needed > 0
        ? coded('youCanReviewThisCourseOnceYouHaveCompletedAFifth', { lessons: lessonsToGo, date: formatDate(eligibleAt, 'short') })
        : coded('youCanReviewThisCourseFrom', { date: formatDate(eligibleAt, 'short') }),
  };
}

/** What the review form shows the signed-in visitor: may they review, and their review if any. */
export async function getMyItemReview(reviewer: Reviewer, itemId: string): Promise<MyItemReviewState> {
  const item = await reviewedItemOr404(itemId);
  const [eligibility, review] = await Promise.all([
    eligibilityOf(reviewer, item),
    withDb(async () => (await collection('itemReviews')).findOne({ itemId: item.id, userId: userObjectId(reviewer) })),
  ]);
  return { itemKind: item.kind, eligibility, review: review ? toMyItemReview(review) : null };
}

// ---------------------------------------------------------------------------------------------
// The buyer's own review

export type SavedItemReview = { review: MyItemReview; created: boolean };

/**
 * Writes the reviewer's review of the item, or changes it: one per buyer and item, however many
 * submissions arrive at once (the unique {itemId, userId} index decides; the others become edits
 * of the one review). 400 bad input, 404 unknown item, 403 not a buyer (or a course not used
 * enough yet), 409 a review a moderator hid, 429 allowance spent.
 */
export async function saveMyItemReview(reviewer: Reviewer, itemId: string, input: unknown): Promise<SavedItemReview> {
  const { rating, body } = itemReviewSchema.parse(input);
  const item = await reviewedItemOr404(itemId);
  const userId = userObjectId(reviewer);
  const eligibility = await eligibilityOf(reviewer, item);
  if (eligibility.status !== 'eligible') throw new HttpError(403, eligibility.message);
  await takeWriteAllowance(`item-review:${reviewer.id}`, WRITE_LIMITS.itemReview);

  return withDb(async () => {
    const reviews = await collection('itemReviews');
    const mine = { itemId: item.id, userId };
    const existing = await reviews.findOne(mine);
    if (existing?.hidden) throw new HttpError(409, HIDDEN_REVIEW_MESSAGE);
    if (existing && existing.rating === rating && existing.body === body && existing.authorName === reviewer.name) {
      // Nothing anyone sees would change: no write, no page refresh.
      return { review: toMyItemReview(existing), created: false };
    }
    const now = new Date();
    const before = await countedWrite(async (counted, session) => {
      const upsert = () =>
        counted.findOneAndUpdate(
          mine,
          { $set: { rating, body, authorName: reviewer.name, updatedAt: now }, $setOnInsert: { itemKind: item.kind, createdAt: now, hidden: false } },
          { upsert: true, returnDocument: 'before', session },
        );
      let found: ItemReviewDocument | null;
      try {
        found = await upsert();
      } catch (error) {
        // Another submission inserted the review a moment before: this one changes it (in a
        // transaction, the conflict makes the driver run this again, and then it is found).
        if (!isDuplicateKey(error) || session) throw error;
        found = await upsert();
      }
      // A review hidden meanwhile stays out of the counters.
      await applyRatingChange(item.kind, item.id, found === null ? { add: rating } : found.hidden ? {} : { add: rating, remove: found.rating }, session);
      return found;
    });
    const saved = await reviews.findOne(mine);
    if (!saved) throw new HttpError(409, 'yourReviewWasDeletedAtTheSameMomentPleaseWriteItAgain');
    const shownChanged = before === null || (!before.hidden && (before.rating !== rating || before.body !== body || before.authorName !== reviewer.name));
    if (shownChanged) await refreshItemPages(item.kind, item.id);
    return { review: toMyItemReview(saved), created: before === null };
  });
}

/** Deletes the reviewer's own review of the item (also a hidden one). 400 malformed id, 404 none. */
export async function deleteMyItemReview(reviewer: Reviewer, itemId: string): Promise<void> {
  const id = idOrBadRequest(itemId, 'invalidCourseOrBookIdExpected24HexadecimalCharacters');
  const userId = userObjectId(reviewer);
  await takeWriteAllowance(`item-review:${reviewer.id}`, WRITE_LIMITS.itemReview);
  const deleted = await deleteCounted({ itemId: id, userId });
  if (!deleted) throw new HttpError(404, 'youHaveNotReviewedThisCourseOrBook');
  if (deleted.hidden) return;
  await refreshItemPages(deleted.itemKind, deleted.itemId);
}

/**
 * The buyer's order of the item was refunded: their review goes, out of the list and the rating,
 * since only buyers review and every review is marked "Verified buyer". Runs in the refund's steps,
 * also outside any request (the webhook's retries, the sweep), so the pages learn of it through the
 * public-change announcement. Answers whether there was a review.
 */
export async function removeReviewOfRefundedBuyer(userId: ObjectId, itemId: ObjectId): Promise<boolean> {
  const deleted = await deleteCounted({ itemId, userId });
  if (!deleted) return false;
  if (!deleted.hidden) await refreshItemPages(deleted.itemKind, deleted.itemId);
  return true;
}

/**
 * Removes every review an account wrote (the account is being deleted), each out of its item's
 * rating, and refreshes the items' pages once each.
 */
export async function deleteUserItemReviews(userId: string): Promise<number> {
  const id = parseObjectId(userId);
  if (!id) return 0;
  const reviews = await withDb(async () => (await collection('itemReviews')).find({ userId: id }, { projection: { _id: 1 } }).toArray());
  const touched = new Map<string, { kind: ItemKind; itemId: ObjectId }>();
  for (const { _id } of reviews) {
    const deleted = await deleteCounted({ _id });
    if (!deleted || deleted.hidden) continue;
    touched.set(deleted.itemId.toHexString(), { kind: deleted.itemKind, itemId: deleted.itemId });
  }
  for (const { kind, itemId } of touched.values()) await refreshItemPages(kind, itemId);
  return reviews.length;
}

// ---------------------------------------------------------------------------------------------
// Moderation (admins: permission moderateReviews)

/** Checks the permission, then the input, then counts the change against the admin's allowance. */
async function beginModeration<T>(moderator: Moderator, reviewId: string, parse: () => T): Promise<{ id: ObjectId; moderatorId: ObjectId; values: T }> {
  authorize(moderator, 'moderateReviews');
  const values = parse();
  const id = idOrBadRequest(reviewId, 'invalidReviewIdExpected24HexadecimalCharacters');
  const moderatorId = userObjectId(moderator);
  await takeAdminWriteAllowance(moderator);
  return { id, moderatorId, values };
}

function reviewSummary(review: Pick<ItemReviewDocument, 'authorName' | 'rating'>, itemName: string): string {
  return `${review.authorName}'s ${review.rating}-star review of ${itemName}`;
}

/**
 * Hides a review that breaks the rules: it leaves the item's list and rating, the change is
 * audited, and its author is told why by e-mail (notices are the same for everyone, so they cannot
 * carry a message for one user). Hiding a hidden review again changes nothing. 404 unknown review.
 */
export async function hideItemReview(moderator: Moderator, reviewId: string, input: unknown): Promise<{ alreadyHidden: boolean }> {
  const { id, moderatorId, values } = await beginModeration(moderator, reviewId, () => reviewHideSchema.parse(input));
  const before = await countedWrite(async (reviews, session) => {
    const found = await reviews.findOneAndUpdate(
      { _id: id, hidden: false },
      { $set: { hidden: true, hiddenAt: new Date(), hiddenReason: values.reason, hiddenBy: moderatorId } },
      { returnDocument: 'before', session },
    );
    if (found) await applyRatingChange(found.itemKind, found.itemId, { remove: found.rating }, session);
    return found;
  });
  if (!before) {
    const existing = await withDb(async () => (await collection('itemReviews')).findOne({ _id: id }, { projection: { _id: 1 } }));
    if (!existing) throw new HttpError(404, 'reviewNotFound');
    return { alreadyHidden: true };
  }
  const itemName = await itemNameOf(before.itemKind, before.itemId);
  await recordAudit({ actor: moderator, action: 'hide', entity: 'review', entityId: reviewId, summary: `Hid ${reviewSummary(before, itemName)}: ${values.reason}` });
  await refreshItemPages(before.itemKind, before.itemId);
  await tellAuthorOfHiding(before, itemName, values.reason);
  return { alreadyHidden: false };
}

/** The author's e-mail about their hidden review. The review is hidden whether or not it is sent. */
async function tellAuthorOfHiding(review: ItemReviewDocument, itemName: string, reason: string): Promise<void> {
  try {
    const author = await withDb(async () => (await collection('users')).findOne({ _id: review.userId }, { projection: { email: 1, locale: 1 } }));
    // An account made with a mobile number has no e-mail to tell.
    if (!author?.email) return;
    const locale = localeOfAccount(author);
    const t = mailTexts(locale);
    const item = await findReviewedItem(review.itemId);
    const link = item ? `${siteUrl()}${localePath(locale, item.path)}` : null;
    const itemLine = link ? (review.itemKind === 'course' ? t('hiddenCourseLink', { link }) : t('hiddenBookLink', { link })) : null;
    await sendMail({
      to: author.email,
      subject: t('hiddenSubject'),
      // No greeting by name: the name was typed by the account holder (server/accounts/account-mail.ts).
      text: [t('hiddenBody', { item: itemName, reason }), ...(itemLine ? [itemLine] : []), t('signature')].join('\n\n'),
    });
  } catch (error) {
    console.error('[item-reviews] could not e-mail the author of hidden review', review._id.toHexString(), error);
  }
}

/** Writes or changes the public reply under a review, signed with the moderator's name. 404 unknown review. */
export async function replyToItemReview(moderator: Moderator, reviewId: string, input: unknown): Promise<ItemReview> {
  const { id, moderatorId, values } = await beginModeration(moderator, reviewId, () => reviewReplySchema.parse(input));
  return withDb(async () => {
    const reviews = await collection('itemReviews');
    const existing = await reviews.findOne({ _id: id });
    if (!existing) throw new HttpError(404, 'reviewNotFound');
    const now = new Date();
    const signed = { body: values.body, authorId: moderatorId, authorName: moderator.name, updatedAt: now };
    const change = existing.reply
      ? { 'reply.body': signed.body, 'reply.authorId': signed.authorId, 'reply.authorName': signed.authorName, 'reply.updatedAt': now }
      : { reply: { ...signed, createdAt: now } };
    const after = await reviews.findOneAndUpdate({ _id: id }, { $set: change }, { returnDocument: 'after' });
    if (!after) throw new HttpError(404, 'reviewNotFound');
    if (existing.reply?.body !== values.body) {
      const itemName = await itemNameOf(after.itemKind, after.itemId);
      await recordAudit({ actor: moderator, action: 'reply', entity: 'review', entityId: reviewId, summary: `Replied to ${reviewSummary(after, itemName)}: ${values.body}` });
      if (!after.hidden) await refreshItemPages(after.itemKind, after.itemId);
    }
    return toItemReview(after);
  });
}

/** Removes the reply under a review. 404 unknown review or no reply. */
export async function deleteItemReviewReply(moderator: Moderator, reviewId: string): Promise<void> {
  const { id } = await beginModeration(moderator, reviewId, () => undefined);
  const before = await withDb(async () =>
    (await collection('itemReviews')).findOneAndUpdate({ _id: id, reply: { $exists: true } }, { $unset: { reply: '' } }, { returnDocument: 'before' }),
  );
  if (!before) throw new HttpError(404, 'thisReviewHasNoReply');
  const itemName = await itemNameOf(before.itemKind, before.itemId);
  await recordAudit({ actor: moderator, action: 'delete-reply', entity: 'review', entityId: reviewId, summary: `Deleted the reply to ${reviewSummary(before, itemName)}` });
  if (!before.hidden) await refreshItemPages(before.itemKind, before.itemId);
}

// ---------------------------------------------------------------------------------------------
// Hidden reviews: the moderators' list, and showing one again (a hiding undone)

export const HIDDEN_REVIEWS_PER_PAGE = 20;

/** Where each hidden review's item lives now, and who hid it: one read per collection for the page. */
async function hiddenReviewRows(documents: ItemReviewDocument[]): Promise<HiddenItemReview[]> {
  const idsOf = (kind: ItemKind) => documents.filter((document) => document.itemKind === kind).map((document) => document.itemId);
  const courseIds = idsOf('course');
  const bookIds = idsOf('book');
  const moderatorIds = documents.flatMap((document) => (document.hiddenBy ? [document.hiddenBy] : []));
  const [courses, books, moderators] = await Promise.all([
    courseIds.length > 0 ? (await collection('courses')).find({ _id: { $in: courseIds } }, { projection: { title: 1, classCourse: 1 } }).toArray() : [],
    bookIds.length > 0 ? (await collection('books')).find({ _id: { $in: bookIds } }, { projection: { bookName: 1 } }).toArray() : [],
    moderatorIds.length > 0 ? (await collection('users')).find({ _id: { $in: moderatorIds } }, { projection: { email: 1, name: 1 } }).toArray() : [],
  ]);
  const places = new Map<string, { name: string; path: string }>([
    ...courses.map((course) => [course._id.toHexString(), { name: course.title, path: routes.courseDetail(course.classCourse, course._id.toHexString()) }] as const),
    ...books.map((book) => [book._id.toHexString(), { name: book.bookName, path: routes.book(book._id.toHexString()) }] as const),
  ]);
  const people = new Map(moderators.map((user) => [user._id.toHexString(), { email: user.email ?? '', name: user.name }]));
  return documents.map((document) => {
    const itemId = document.itemId.toHexString();
    const place = places.get(itemId);
    return {
      id: document._id.toHexString(),
      item: { id: itemId, kind: document.itemKind, name: place?.name ?? `${document.itemKind} ${itemId}`, path: place?.path ?? null },
      authorName: document.authorName,
      rating: document.rating,
      body: document.body,
      hiddenReason: document.hiddenReason ?? null,
      hiddenAt: document.hiddenAt?.toISOString() ?? null,
      hiddenBy: (document.hiddenBy && people.get(document.hiddenBy.toHexString())) ?? null,
    };
  });
}

/**
 * The hidden reviews of every course and book, newest hidden first, for moderators to check and
 * undo (the public never sees them). An out-of-range page gives the last one.
 */
export async function listHiddenItemReviews(moderator: Actor, page: number): Promise<HiddenItemReviewPage> {
  authorize(moderator, 'moderateReviews');
  return withDb(async () => {
    const reviews = await collection('itemReviews');
    const hidden: Filter<ItemReviewDocument> = { hidden: true };
    // Both answered by the hidden_newest_first index.
    const total = await reviews.countDocuments(hidden);
    const pageCount = pageCountOf(total, HIDDEN_REVIEWS_PER_PAGE);
    const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
    const documents = await reviews
      .find(hidden)
      .sort({ hiddenAt: -1, _id: -1 })
      .skip(skipFor(current, HIDDEN_REVIEWS_PER_PAGE))
      .limit(HIDDEN_REVIEWS_PER_PAGE)
      .toArray();
    return { items: await hiddenReviewRows(documents), page: current, pageCount, total, pageSize: HIDDEN_REVIEWS_PER_PAGE };
  });
}

/**
 * Shows a hidden review again (a moderation mistake undone): it is back in the item's list and
 * rating, and the change is audited with the reason it had been hidden for. The update is guarded
 * by `hidden: true`, so of moderators showing it at once exactly one puts it back in the counters;
 * showing a shown review changes nothing. 400 malformed id, 404 unknown review, 429 allowance spent.
 */
export async function showItemReview(moderator: Moderator, reviewId: string): Promise<{ alreadyShown: boolean }> {
  const { id } = await beginModeration(moderator, reviewId, () => undefined);
  const before = await countedWrite(async (reviews, session) => {
    const found = await reviews.findOneAndUpdate(
      { _id: id, hidden: true },
      { $set: { hidden: false }, $unset: { hiddenAt: '', hiddenReason: '', hiddenBy: '' } },
      { returnDocument: 'before', session },
    );
    if (found) await applyRatingChange(found.itemKind, found.itemId, { add: found.rating }, session);
    return found;
  });
  if (!before) {
    const existing = await withDb(async () => (await collection('itemReviews')).findOne({ _id: id }, { projection: { _id: 1 } }));
    if (!existing) throw new HttpError(404, 'reviewNotFound');
    return { alreadyShown: true };
  }
  const itemName = await itemNameOf(before.itemKind, before.itemId);
  const hiddenFor = before.hiddenReason ? ` (hidden for: ${before.hiddenReason})` : '';
  await recordAudit({ actor: moderator, action: 'show', entity: 'review', entityId: id.toHexString(), summary: `Showed ${reviewSummary(before, itemName)} again${hiddenFor}` });
  await refreshItemPages(before.itemKind, before.itemId);
  return { alreadyShown: false };
}
