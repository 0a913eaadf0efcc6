import 'server-only';
import { MongoClient, MongoNetworkError, MongoServerError, MongoServerSelectionError, MongoTopologyClosedError, ObjectId } from 'mongodb';
import type { AnyBulkWriteOperation, BulkWriteOptions, ClientSession, Collection, CreateIndexesOptions, Db, Document, IndexSpecification } from 'mongodb';
import { replace } from '../../serving/app-link.mjs';
import { isBuilding } from './build-phase';
import { databaseUri } from './env';
import { keepTranslationsByLocale } from './translations-migration';
import type {
  AuditLogDocument,
  FileChunkDocument,
  StreamFileDocument,
  VideoJobDocument,
  LessonCaptionsDocument,
  VideoPlaybackDocument,
  LessonDocument,
  CourseProgressDocument,
  CertificateDocument,
  QuizAttemptDocument,
  QuizStatsDocument,
  QuizSubmissionDocument,
  BookFileMetaDocument,
  FulfilmentClaimDocument,
  FulfilmentDocument,
  OrderDocument,
  SandboxPaymentIntentDocument,
  PaymentAttemptDocument,
  AuthTokenDocument,
  UsedTokenDocument,
  BlogDocument,
  BookDocument,
  CourseDocument,
  InstructorDocument,
  MediaDocument,
  NotificationDocument,
  NotificationReadDocument,
  RateLimitDocument,
  PhoneCodeDocument,
  ReviewDocument,
  ItemReviewDocument,
  UserDocument,
  PromoCodeDocument,
  PromoRedemptionDocument,
  PromoCodeBuyerDocument,
  RefundDocument,
  RefundRequestDocument,
  BookDownloadDocument,
  SmsMessageDocument,
  SmsDayDocument,
} from './documents';

/**
 * The one MongoDB client of the process. Works against MongoDB 6+/Atlas and the embedded FerretDB:
 * the domain writes for what both support, and where MongoDB offers more it is used when present
 * (databaseFeatures). What FerretDB 1.24 lacks is worked around here, each workaround marked
 * "FerretDB workaround" where it lives; those that shape code elsewhere are named here instead:
 *
 * FerretDB workaround: findOneAndUpdate (findAndModify) takes no projection, so it answers whole
 * documents; the domain uses it only where documents are small (an account, a course's progress,
 * a promo code, a lesson's content) and asks for no projection.
 *
 * FerretDB workaround: it has no transactions (nor has a standalone mongod), so writes that belong
 * together run in one only where the server has them (inTransactionWhereSupported); without, each
 * caller keeps its data right by the order of its writes and names the repair for a process dying
 * between them.
 *
 * FerretDB workaround: its planner answers from an index only a scalar `_id` equality, so the hot
 * reads go by `_id` (a ladder's files, a learner's progress, a certificate, a file's chunks by an
 * `_id` range) and the other reads keep their candidates few.
 *
 * FerretDB workaround: it has no change streams, so instances learn of each other's changes by
 * polling a log (server/platform/public-changes.ts); MongoDB would let them watch it.
 */

type IndexDeclaration = { key: IndexSpecification; options?: CreateIndexesOptions };

const DAY_SECONDS = 24 * 60 * 60;
const NEWEST_FIRST: IndexDeclaration = { key: { createdAt: -1, _id: -1 }, options: { name: 'newest_first' } };

/** Collections no longer used (orderLedgers: each user's order ids, now answered by the orders' indexes). */
const RETIRED_COLLECTIONS = ['orderLedgers'];

/** Indexes replaced by the ones above (their sorts did not match them); dropped where they exist. */
const RETIRED_INDEXES: Record<string, string[]> = {
  courses: ['list_newest', 'list_newest_first'],
  books: ['newest', 'newest_first'],
  blogs: ['newest'],
  instructors: ['subject_newest'],
  reviews: ['newest'],
  contactMessages: ['newest'],
  notifications: ['newest'],
  orders: ['newest', 'user_paid_newest'],
  auditLog: ['newest'],
};

/** Indexes live next to the collection they serve; they are created once per process. */
const INDEXES: Record<string, IndexDeclaration[]> = {
  // Sparse: an account made with a mobile number has no e-mail, and one made with an e-mail may
  // have no number; each that is there belongs to one account.
  users: [
    { key: { email: 1 }, options: { unique: true, sparse: true, name: 'email_unique' } },
    { key: { mobileNumber: 1 }, options: { unique: true, sparse: true, name: 'mobile_number_unique' } },
  ],
  // Collections that only grow are emptied by expiry (TTL) indexes; see sweepExpiredDocuments.
  // Counters: every window is at most a day (server/platform/env.ts).
  rateLimits: [{ key: { windowStartedAt: 1 }, options: { name: 'expiry', expireAfterSeconds: DAY_SECONDS } }],
  // A code lives minutes; the document of a number nobody asks for again goes after a day.
  phoneCodes: [{ key: { updatedAt: 1 }, options: { name: 'expiry', expireAfterSeconds: DAY_SECONDS } }],
  authTokens: [
    { key: { userId: 1, kind: 1 }, options: { name: 'user_kind' } },
    // A week past its end a link is refused as unknown rather than expired.
    { key: { expiresAt: 1 }, options: { name: 'expiry', expireAfterSeconds: 7 * DAY_SECONDS } },
  ],
  // Single-use claims outlive the links they guard (a day at most) and Stripe's webhook retries (3 days).
  usedTokens: [{ key: { usedAt: 1 }, options: { name: 'expiry', expireAfterSeconds: 30 * DAY_SECONDS } }],
  // Lists sort newest first with _id breaking ties; each sort matches its index's key order.
  // A course list and the Books List can also be sorted by price, rating or (courses) enrolment and
  // filtered by price (free: 0, paid: > 0) and a minimum averageRating (server/catalogue/catalogue-sorting.ts):
  // one index per sort, each the list's equality, the sort key, _id (read either way: price low or
  // high), then the filter fields the sort key is not. A filter on the sort key bounds the scan, one
  // on a trailing field is checked on the index keys, so every sort × filter combination offered
  // walks one index in order, reads only the documents it shows, and counts without reading any.
  courses: [
    { key: { classCourse: 1, createdAt: -1, _id: -1, priceCents: 1, averageRating: 1 }, options: { name: 'list_newest_filterable' } },
    { key: { classCourse: 1, priceCents: 1, _id: 1, averageRating: 1 }, options: { name: 'list_price' } },
    { key: { classCourse: 1, averageRating: -1, _id: -1, priceCents: 1 }, options: { name: 'list_rating' } },
    { key: { classCourse: 1, Enrolled: -1, _id: -1, priceCents: 1, averageRating: 1 }, options: { name: 'list_popular' } },
    // The legacy API's list of every course.
    NEWEST_FIRST,
    // The admins' Drafts page (published courses have no `draft` and sort before the drafts).
    { key: { draft: 1, createdAt: -1, _id: -1 }, options: { name: 'drafts_newest' } },
  ],
  books: [
    { key: { createdAt: -1, _id: -1, priceCents: 1, averageRating: 1 }, options: { name: 'newest_filterable' } },
    { key: { priceCents: 1, _id: 1, averageRating: 1 }, options: { name: 'price' } },
    { key: { averageRating: -1, _id: -1, priceCents: 1 }, options: { name: 'rating' } },
  ],
  blogs: [NEWEST_FIRST],
  instructors: [{ key: { Subject: 1, createdAt: -1, _id: -1 }, options: { name: 'subject_newest_first' } }, NEWEST_FIRST],
  reviews: [
    { key: { userId: 1 }, options: { unique: true, name: 'one_review_per_user' } },
    NEWEST_FIRST,
  ],
  // Buyers' reviews of one course or book (server/reviews/item-reviews.ts): one per buyer and item (the
  // unique key also finds "mine"); an item's page lists its shown ones newest first, and the same
  // index counts them; an account's reviews go when it is deleted. Hide, reply, show: by _id. The
  // moderators' list of hidden reviews (all items) reads and counts them newest hidden first.
  itemReviews: [
    { key: { itemId: 1, userId: 1 }, options: { unique: true, name: 'one_review_per_buyer_item' } },
    { key: { itemId: 1, hidden: 1, createdAt: -1, _id: -1 }, options: { name: 'item_shown_newest_first' } },
    { key: { hidden: 1, hiddenAt: -1, _id: -1 }, options: { name: 'hidden_newest_first' } },
    { key: { userId: 1 }, options: { name: 'user' } },
  ],
  contactMessages: [NEWEST_FIRST],
  // Images are read by _id only.
  media: [],
  notifications: [
    NEWEST_FIRST,
    { key: { kind: 1, createdAt: -1, _id: -1 }, options: { name: 'kind_newest_first' } },
    // The notices of a deleted course or book are withdrawn.
    { key: { itemId: 1 }, options: { name: 'item' } },
  ],
  notificationReads: [{ key: { userId: 1, notificationId: 1 }, options: { unique: true, name: 'one_read_per_user' } }],
  // One order per user and item (the unique key makes a second Buy find the first order).
  orders: [
    { key: { userId: 1, itemId: 1 }, options: { unique: true, name: 'one_order_per_user_item' } },
    // My Order: a user's orders, all or paid / unpaid, newest first.
    { key: { userId: 1, createdAt: -1, _id: -1 }, options: { name: 'user_newest_first' } },
    { key: { userId: 1, paid: 1, createdAt: -1, _id: -1 }, options: { name: 'user_paid_newest_first' } },
    NEWEST_FIRST,
    // How many bought an item (deleting a bought item unlists it instead).
    { key: { itemId: 1, paid: 1 }, options: { name: 'item_paid' } },
    // The sales view filtered by buyer (an e-mail prefix) or by item, newest first.
    { key: { email: 1, createdAt: -1, _id: -1 }, options: { name: 'buyer_newest_first' } },
    { key: { itemId: 1, createdAt: -1, _id: -1 }, options: { name: 'item_newest_first' } },
    // Stripe's charge.refunded names the payment, not the order (server/commerce/refunds.ts).
    { key: { transactionId: 1 }, options: { name: 'transaction' } },
  ],
  // Deleted items someone bought: out of the catalogue, still there for their buyers. Read by _id.
  unlistedCourses: [],
  unlistedBooks: [],
  // _id is the order id: the insert is the exactly-once lock (server/commerce/fulfilment.ts); the sweep
  // looks for unfinished ones.
  fulfilments: [{ key: { completedAt: 1 }, options: { name: 'unfinished' } }],
  fulfilmentClaims: [{ key: { claimedAt: 1 }, options: { name: 'expiry', expireAfterSeconds: 30 * DAY_SECONDS } }],
  sandboxPaymentIntents: [{ key: { orderId: 1 }, options: { unique: true, name: 'one_intent_per_order' } }],
  // Payment attempts through bKash and SSLCommerz (server/commerce/payment-attempts.ts), by _id (the id the
  // provider knows). One provider transaction pays one attempt (unique key); the reconciler finds
  // the attempts due a question to their provider; an order's attempts are listed for its admin.
  paymentAttempts: [
    { key: { providerTxnKey: 1 }, options: { unique: true, name: 'one_attempt_per_provider_transaction' } },
    { key: { checkAfter: 1 }, options: { name: 'due' } },
    { key: { orderId: 1, createdAt: -1 }, options: { name: 'order_newest_first' } },
    // The admin's payments page (server/commerce/payment-review.ts): the held and the refunding ones, newest
    // first, and the newest of any status (status $in every status: a merge of these ranges).
    { key: { status: 1, createdAt: -1, _id: -1 }, options: { name: 'status_newest_first' } },
  ],
  // _id is the order id: the insert is the exactly-once refund lock (server/commerce/refunds.ts). The sweep
  // looks for unfinished ones, the sales view sums the done ones, the refunds view lists the newest.
  refunds: [
    { key: { completedAt: 1 }, options: { name: 'unfinished' } },
    { key: { refundedAt: 1 }, options: { name: 'refunded' } },
    NEWEST_FIRST,
  ],
  // _id is the order id (one request per order; the buyer's pages read them by _id). The admin
  // lists them by status, newest first.
  refundRequests: [{ key: { status: 1, requestedAt: -1, _id: -1 }, options: { name: 'status_newest_first' } }],
  // _id is {userId}:{bookId}: written once, read by _id only (the refund request gate).
  bookDownloads: [],
  // Book files: metadata by book id, chunks by {fileId, n}; both read by _id only.
  bookFileMeta: [],
  bookFiles: [],
  // Lesson content and its files' chunks: read by _id only. Lessons of a course are removed together.
  lessons: [{ key: { courseId: 1 }, options: { name: 'course' } }],
  lessonFileChunks: [],
  // Lesson videos' streaming ladders (server/learning/lesson-video): each file read by _id only, a ladder's
  // files removed together; transcoding jobs by _id (the lesson's), the due ones oldest first, and
  // a course's for its curriculum editor.
  streamFiles: [{ key: { stream: 1 }, options: { name: 'ladder' } }],
  videoJobs: [
    { key: { state: 1, queuedAt: 1 }, options: { name: 'due' } },
    { key: { courseId: 1 }, options: { name: 'course' } },
  ],
  // A lesson video's captions, one language each, read and removed by _id ({lessonId}:{locale}) only.
  lessonCaptions: [],
  // Playback reports, written by _id; a course's recent ones for its editor, a lesson's removed with
  // it, and none kept past three months.
  videoPlaybacks: [
    { key: { courseId: 1, lastAt: -1 }, options: { name: 'course_recent' } },
    { key: { lessonId: 1 }, options: { name: 'lesson' } },
    { key: { lastAt: 1 }, options: { name: 'expiry', expireAfterSeconds: 90 * DAY_SECONDS } },
  ],
  // One document per learner and course, read and written by _id ({userId}:{courseId}) only.
  courseProgress: [],
  // Certificates are read by _id (the public address) only; the unique key makes issuing exactly-once.
  certificates: [{ key: { userId: 1, courseId: 1 }, options: { unique: true, name: 'one_per_learner_course' } }],
  // Quiz attempts and their grades by _id ({userId}:{lessonId}:{number}); statistics by lesson id.
  quizAttempts: [],
  quizSubmissions: [],
  quizStats: [],
  // Announcements of changes every instance must learn of (server/platform/public-changes.ts): a counter,
  // and the log of changes numbered by it (read by _id ranges); and leases of background work
  // (server/platform/background-work.ts), read by _id.
  changes: [],
  publicChanges: [],
  leases: [],
  // The audit page lists newest first.
  auditLog: [NEWEST_FIRST],
  // Promo codes (server/commerce/promo-codes.ts): looked up by their normalized code (unique: codes are
  // case-insensitive); the admin's list newest first.
  promoCodes: [{ key: { code: 1 }, options: { unique: true, name: 'code_unique' } }, NEWEST_FIRST],
  // A code applied to an order, keyed by the order id. Reservations past their hold are found by
  // the sweep (all codes) and when a code looks used up (one code); the sales view sums redeemed ones.
  promoRedemptions: [
    { key: { state: 1, holdUntil: 1 }, options: { name: 'state_hold' } },
    { key: { codeId: 1, state: 1, holdUntil: 1 }, options: { name: 'code_state_hold' } },
  ],
  // Each buyer's seats of a code, by _id ({codeId}:{userId}); removed with their code.
  promoCodeBuyers: [{ key: { codeId: 1 }, options: { name: 'code' } }],
  // SMS (server/platform/sms/): queued by the caller's key (_id); the sender looks for due messages
  // (and claims that ran out: status 'sending'); the admins' counts read sent ones by time. Two
  // weeks of them are kept, and the per-day counters of the daily cap as long.
  smsMessages: [
    { key: { status: 1, nextAttemptAt: 1 }, options: { name: 'due' } },
    { key: { sentAt: 1 }, options: { name: 'sent' } },
    { key: { createdAt: 1 }, options: { name: 'expiry', expireAfterSeconds: 14 * DAY_SECONDS } },
  ],
  smsDays: [{ key: { startsAt: 1 }, options: { name: 'expiry', expireAfterSeconds: 14 * DAY_SECONDS } }],
};

type CollectionTypes = {
  orders: OrderDocument;
  fulfilments: FulfilmentDocument;
  fulfilmentClaims: FulfilmentClaimDocument;
  sandboxPaymentIntents: SandboxPaymentIntentDocument;
  paymentAttempts: PaymentAttemptDocument;
  refunds: RefundDocument;
  refundRequests: RefundRequestDocument;
  bookDownloads: BookDownloadDocument;
  bookFileMeta: BookFileMetaDocument;
  bookFiles: FileChunkDocument;
  lessons: LessonDocument;
  lessonFileChunks: FileChunkDocument;
  streamFiles: StreamFileDocument;
  videoJobs: VideoJobDocument;
  lessonCaptions: LessonCaptionsDocument;
  videoPlaybacks: VideoPlaybackDocument;
  courseProgress: CourseProgressDocument;
  certificates: CertificateDocument;
  quizAttempts: QuizAttemptDocument;
  quizSubmissions: QuizSubmissionDocument;
  quizStats: QuizStatsDocument;
  users: UserDocument;
  authTokens: AuthTokenDocument;
  usedTokens: UsedTokenDocument;
  rateLimits: RateLimitDocument;
  phoneCodes: PhoneCodeDocument;
  courses: CourseDocument;
  unlistedCourses: CourseDocument & { unlistedAt: Date };
  unlistedBooks: BookDocument & { unlistedAt: Date };
  books: BookDocument;
  blogs: BlogDocument;
  instructors: InstructorDocument;
  reviews: ReviewDocument;
  itemReviews: ItemReviewDocument;
  media: MediaDocument;
  notifications: NotificationDocument;
  notificationReads: NotificationReadDocument;
  auditLog: AuditLogDocument;
  promoCodes: PromoCodeDocument;
  promoRedemptions: PromoRedemptionDocument;
  promoCodeBuyers: PromoCodeBuyerDocument;
  changes: { _id: string; seq: number; changedAt: Date };
  publicChanges: { _id: number; tags: string[]; catalogue: boolean; staleForMs: number; at: Date };
  leases: { _id: string; until: Date; holder: string };
  smsMessages: SmsMessageDocument;
  smsDays: SmsDayDocument;
};

type DbState = {
  client?: MongoClient;
  ready?: Promise<Db>;
  /** Set when an operation found the database unreachable; cleared by the next success. */
  downSince?: number;
  lastProbe?: { at: number; healthy: boolean };
  /** What the connected client's monitor last saw (it checks every second); unknown without one. */
  reachable?: boolean;
  /** When a DatabaseUnavailableError was last raised. */
  lastUnavailableAt?: number;
  /** The server refused expiry (TTL) indexes: FerretDB 1.x (see sweepExpiredDocuments). */
  withoutExpiryIndexes?: boolean;
  /** What the connected server offers, read when connecting. */
  features?: DatabaseFeatures;
};

/** What the server offers beyond what the embedded FerretDB has. */
export type DatabaseFeatures = {
  /** The embedded FerretDB (its buildInfo says its version), with the workarounds this module names. */
  ferretdb: boolean;
  /** Multi-document transactions: MongoDB as a replica set or sharded cluster (Atlas always), not a standalone mongod. */
  transactions: boolean;
};

async function readFeatures(db: Db): Promise<DatabaseFeatures> {
  const admin = db.admin();
  const build = await admin.command({ buildInfo: 1 });
  if (typeof build.ferretdbVersion === 'string') return { ferretdb: true, transactions: false };
  const hello = await admin.command({ hello: 1 });
  return { ferretdb: false, transactions: typeof hello.setName === 'string' || hello.msg === 'isdbgrid' };
}

// Cached on globalThis so Next's dev-mode module reloads reuse one connection pool.
const state: DbState = ((globalThis as { __kzDb?: DbState }).__kzDb ??= {});

export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
    state.lastUnavailableAt = Date.now();
  }
}

/** Socket failures the driver can let through unwrapped, e.g. a write to a connection the server just dropped. */
const SOCKET_ERROR_CODES = new Set(['EPIPE', 'ECONNRESET']);

export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    error instanceof DatabaseUnavailableError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoTopologyClosedError ||
    (error instanceof Error && SOCKET_ERROR_CODES.has(String((error as NodeJS.ErrnoException).code)))
  );
}

function createClient(): MongoClient {
  const client = new MongoClient(databaseUri(), {
    // Fail fast (a clear 503 with Retry-After: 5) instead of hanging when the database is down or
    // a replica set is electing a primary (10-12 s): a write waits at most 2 s for a primary. The
    // driver reconnects by itself, and retries once a write cut off by a primary stepping down
    // (retryable writes, on by default). Catalogue reads go to a secondary meanwhile (below).
    serverSelectionTimeoutMS: 2000,
    connectTimeoutMS: 2000,
    socketTimeoutMS: 20000,
    maxPoolSize: 20,
    // The monitor checks the server every second (default 10 s), so an outage and its end are
    // noticed within about a second, whether or not a request happens to run into it.
    heartbeatFrequencyMS: 1000,
  });
  client.on('topologyDescriptionChanged', ({ previousDescription, newDescription }) => {
    if (state.client !== client) return;
    if (newDescription.hasDataBearingServers) {
      state.reachable = true;
      state.downSince = undefined;
    } else if (previousDescription.hasDataBearingServers) {
      // Lost, not "not found yet": while the first connect is under way nothing is decided here.
      state.reachable = false;
      state.downSince ??= Date.now();
    }
  });
  return client;
}

async function connect(): Promise<Db> {
  const client = (state.client ??= createClient());
  try {
    await client.connect();
  } catch (error) {
    // Start from a new client next time; a client whose first connect failed stays closed.
    if (state.client === client) {
      state.client = undefined;
      state.reachable = undefined;
    }
    await client.close().catch(() => undefined);
    throw error;
  }
  const db = client.db();
  state.features = await readFeatures(db);
  await Promise.all(Object.entries(INDEXES).flatMap(([name, indexes]) => indexes.map((index) => createIndex(db, name, index))));
  await Promise.all([
    ...Object.entries(RETIRED_INDEXES).flatMap(([name, indexes]) => indexes.map((index) => unlessAlreadyGone(db.collection(name).dropIndex(index)))),
    ...RETIRED_COLLECTIONS.map((name) => unlessAlreadyGone(db.dropCollection(name))),
  ]);
  await keepTranslationsByLocale(db);
  return db;
}

/** MongoDB's codes for "no such collection" and "no such index". */
const NOTHING_TO_DROP = new Set([26, 27]);

/** A drop of something retired; nothing to do when it is gone already. */
async function unlessAlreadyGone(drop: Promise<unknown>): Promise<void> {
  try {
    await drop;
  } catch (error) {
    if (!(error instanceof MongoServerError && NOTHING_TO_DROP.has(Number(error.code)))) throw error;
  }
}

/** MongoDB's code for a feature the server does not implement. */
const NOT_IMPLEMENTED = 238;

/** MongoDB's codes for an index of that name or keys that exists with other options. */
const INDEX_CHANGED = new Set([85, 86]);

async function createIndex(db: Db, name: string, { key, options = {} }: IndexDeclaration, remade = false): Promise<void> {
  try {
    await db.collection(name).createIndex(key, options);
  } catch (error) {
    // A declared index whose options changed (the users' e-mail became sparse) is made again, once.
    if (!remade && error instanceof MongoServerError && INDEX_CHANGED.has(error.code as number) && options.name) {
      await unlessAlreadyGone(db.collection(name).dropIndex(options.name));
      return createIndex(db, name, { key, options }, true);
    }
    // FerretDB workaround: FerretDB 1.x has no TTL indexes ("Index option expireAfterSeconds is not
    // implemented yet"). The index is made without the option; sweepExpiredDocuments removes instead.
    if (!(error instanceof MongoServerError && error.code === NOT_IMPLEMENTED && options.expireAfterSeconds !== undefined)) throw error;
    const { expireAfterSeconds: _dropped, ...rest } = options;
    state.withoutExpiryIndexes = true;
    await db.collection(name).createIndex(key, rest);
  }
}

// Removed per sweep and collection at most, in chunks: FerretDB stalls on large write batches.
const SWEEP_CHUNK = 50;
const SWEEP_MAX_CHUNKS = 40;

/**
 * FerretDB workaround: does what MongoDB's TTL monitor does for the expiry indexes declared above,
 * when the server has none (run once per interval for the whole service: server/platform/background-work.ts).
 * On MongoDB it does nothing. Answers how many documents it removed.
 */
export async function sweepExpiredDocuments(now = new Date()): Promise<number> {
  const db = await getDb();
  if (!state.withoutExpiryIndexes) return 0;
  let removed = 0;
  for (const [name, indexes] of Object.entries(INDEXES)) {
    for (const { key, options } of indexes) {
      if (options?.expireAfterSeconds === undefined) continue;
      const field = Object.keys(key as Record<string, unknown>)[0]!;
      const expired = { [field]: { $lt: new Date(now.getTime() - options.expireAfterSeconds * 1000) } };
      for (let chunk = 0; chunk < SWEEP_MAX_CHUNKS; chunk += 1) {
        const ids = (await db.collection(name).find(expired, { projection: { _id: 1 } }).limit(SWEEP_CHUNK).toArray()).map((doc) => doc._id);
        if (ids.length > 0) removed += (await db.collection(name).deleteMany({ _id: { $in: ids } })).deletedCount;
        if (ids.length < SWEEP_CHUNK) break;
      }
    }
  }
  return removed;
}

export async function getDb(): Promise<Db> {
  if (isBuilding()) throw new Error('`next build` reads no database (server/platform/build-phase.ts): render this page without data while isBuilding().');
  if (!state.ready) {
    state.ready = connect().catch((error: unknown) => {
      // Forget the failed attempt so the next request retries once the database is back.
      state.ready = undefined;
      if (isDatabaseUnavailable(error)) {
        state.downSince ??= Date.now();
        throw new DatabaseUnavailableError(error);
      }
      throw error;
    });
  }
  return state.ready;
}

/**
 * Whether pages can be served: true unless a recent operation found the database down and a
 * ping (at most one a second) still fails. Lets the proxy answer 503 instead of a broken page.
 */
export async function databaseLooksHealthy(): Promise<boolean> {
  if (state.downSince === undefined) return true;
  // A connected client's monitor knows at once, without a ping that waits out server selection.
  if (state.reachable !== undefined) {
    if (state.reachable) state.downSince = undefined;
    return state.reachable;
  }
  const now = Date.now();
  if (state.lastProbe && now - state.lastProbe.at < 1000) return state.lastProbe.healthy;
  let healthy = false;
  try {
    await (await getDb()).command({ ping: 1 });
    healthy = true;
    state.downSince = undefined;
  } catch {
    healthy = false;
  }
  state.lastProbe = { at: now, healthy };
  return healthy;
}

/**
 * Whether the database is known to be down (no waiting, no ping), or was found unreachable in the
 * last few seconds: a page that failed then may still be on its way out after the database returned.
 */
export function databaseRecentlyUnavailable(): boolean {
  if (state.downSince !== undefined && state.reachable !== true) return true;
  return state.lastUnavailableAt !== undefined && Date.now() - state.lastUnavailableAt < 5000;
}

// The production server sends a page that failed during an outage as 503, not 500
// (serving/outage-status.mjs); it lives outside Next's bundles and asks through the app link.
// Every bundled copy of this module reads the same state, so whichever copy provided it last answers.
replace('databaseRecentlyUnavailable', databaseRecentlyUnavailable);

/**
 * What visitors browse (the catalogue and the reviews it shows) may be read from a secondary while
 * a replica set has no primary (an election takes 10-12 s): pages keep rendering, a moment behind
 * at worst. Everything else reads the primary, so a user always reads their own writes.
 */
const READABLE_DURING_ELECTIONS = new Set<string>(['courses', 'books', 'blogs', 'instructors', 'reviews', 'itemReviews', 'unlistedCourses', 'unlistedBooks', 'lessons']);

export async function collection<Name extends keyof CollectionTypes>(
  name: Name,
): Promise<Collection<CollectionTypes[Name]>> {
  const db = await getDb();
  // While the monitor finds no server, answer 503 at once rather than after server selection's 2 s.
  if (state.reachable === false) throw new DatabaseUnavailableError(new Error('The database server is not reachable'));
  return READABLE_DURING_ELECTIONS.has(name) ? db.collection<CollectionTypes[Name]>(name, { readPreference: 'primaryPreferred' }) : db.collection<CollectionTypes[Name]>(name);
}

/** Runs a database call, turning connection failures into DatabaseUnavailableError. */
export async function withDb<T>(run: () => Promise<T>): Promise<T> {
  try {
    const result = await run();
    state.downSince = undefined;
    return result;
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      state.downSince ??= Date.now();
      throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
    }
    throw error;
  }
}

/**
 * FerretDB workaround: FerretDB 1.24 on SQLite stops answering (every client, until restarted) when
 * one write command carries about a hundred statements that touch existing documents, so a bulk
 * write goes out in batches of 50. Answers the summed counts. On MongoDB the batches cost nothing.
 */
export async function bulkWriteInBatches<T extends Document>(
  target: Collection<T>,
  operations: AnyBulkWriteOperation<T>[],
  options: BulkWriteOptions = { ordered: false },
): Promise<{ upsertedCount: number; matchedCount: number }> {
  let upsertedCount = 0;
  let matchedCount = 0;
  for (let start = 0; start < operations.length; start += BULK_WRITE_BATCH) {
    const result = await target.bulkWrite(operations.slice(start, start + BULK_WRITE_BATCH), options);
    upsertedCount += result.upsertedCount;
    matchedCount += result.matchedCount;
  }
  return { upsertedCount, matchedCount };
}

const BULK_WRITE_BATCH = 50;

/**
 * Sums per group of the documents matching `match`: `{ key, totals: { name: sum } }` per distinct
 * `key`, in one aggregation. FerretDB workaround: FerretDB 1.24 answers 0 for every accumulator
 * after the first in a $group stage, so there each sum runs as its own pipeline and the rows are
 * joined by their key.
 */
export async function groupSums<Key, T extends Document = Document>(
  target: Collection<T>,
  match: Document,
  key: Record<string, string>,
  sums: Record<string, 1 | string>,
): Promise<{ key: Key; totals: Record<string, number> }[]> {
  if (!(await databaseFeatures()).ferretdb) {
    const accumulators = Object.fromEntries(Object.entries(sums).map(([name, summed]) => [name, { $sum: summed }]));
    const groups = await target.aggregate<Record<string, number> & { _id: Key }>([{ $match: match }, { $group: { _id: key, ...accumulators } }]).toArray();
    return groups.map((group) => ({ key: group._id, totals: Object.fromEntries(Object.keys(sums).map((name) => [name, group[name] ?? 0])) }));
  }
  const pipelines = Object.entries(sums).map(async ([name, summed]) => ({
    name,
    groups: await target.aggregate<{ _id: Key; value: number }>([{ $match: match }, { $group: { _id: key, value: { $sum: summed } } }]).toArray(),
  }));
  const rows = new Map<string, { key: Key; totals: Record<string, number> }>();
  for (const { name, groups } of await Promise.all(pipelines)) {
    for (const group of groups) {
      const id = JSON.stringify(group._id);
      const row = rows.get(id) ?? { key: group._id, totals: Object.fromEntries(Object.keys(sums).map((sum) => [sum, 0])) };
      row.totals[name] = group.value;
      rows.set(id, row);
    }
  }
  return [...rows.values()];
}

/**
 * A write refused by a unique index: the thing it would create already exists. FerretDB
 * workaround: FerretDB 1.x answers an *update* that breaks a unique index with InternalError
 * (code 1) naming SQLite's "UNIQUE constraint failed", where MongoDB answers E11000.
 */
export function isDuplicateKey(error: unknown): boolean {
  if (!(error instanceof MongoServerError)) return false;
  return error.code === 11000 || (error.code === 1 && /UNIQUE constraint failed/.test(error.message));
}

/** What the connected server offers (connecting first when need be). */
export async function databaseFeatures(): Promise<DatabaseFeatures> {
  await getDb();
  if (!state.features) throw new DatabaseUnavailableError(new Error('The database connection was closed'));
  return state.features;
}

/**
 * Runs `work` in one transaction where the server has them, so its writes land together or not at
 * all (the driver retries it whole on a transient conflict, so it must only write through
 * `session`); elsewhere it runs with no session and its writes land one by one.
 */
export async function inTransactionWhereSupported<T>(work: (session: ClientSession | undefined) => Promise<T>): Promise<T> {
  const { transactions } = await databaseFeatures();
  const client = state.client;
  if (!transactions || !client) return work(undefined);
  return client.withSession((session) => session.withTransaction(() => work(session)));
}

export function parseObjectId(value: string): ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(value) ? new ObjectId(value) : null;
}

export async function closeDb(): Promise<void> {
  const client = state.client;
  state.client = undefined;
  state.ready = undefined;
  state.reachable = undefined;
  state.features = undefined;
  await client?.close();
}

export type { Document };
