import 'server-only';
import type { ObjectId } from 'mongodb';

// Shapes of the documents as stored. Domain modules turn them into plain objects (`_id` → `id`).

import type { Role } from '@/lib/permissions';
import type { Locale } from '@/i18n/routing';

export type { Role };

export type UserDocument = {
  _id: ObjectId;
  /** Absent for an account made with a mobile number. */
  email?: string;
  /** The mobile number (E.164) the account signs in with, verified by a code; at most one account each. */
  mobileNumber?: string;
  name: string;
  role: Role;
  /** argon2id hash; absent for accounts created through Google only. */
  passwordHash?: string;
  /** Google's subject id once the account signed in with Google. */
  googleSubject?: string;
  image?: string;
  emailVerifiedAt?: Date;
  education?: string;
  location?: string;
  phone?: string;
  /** Raised to end every existing session (password or role change, sign out everywhere). */
  sessionVersion: number;
  /** Ids of this version's sessions that signed out (server/accounts/sessions.ts), at most 50. */
  endedSessions?: string[];
  apiTokenIssuedAt?: Date;
  /** The language the account last chose on the site (the language switcher); its e-mails use it. */
  locale?: Locale;
  createdAt: Date;
};

export type RateLimitDocument = {
  _id: string;
  failures: number;
  windowStartedAt: Date;
};

/** A number's live one-time codes for one purpose (server/accounts/phone-codes.ts), `_id` `{purpose}:{E.164}`. */
export type PhoneCodePurpose = 'sign-in' | 'link' | 'reset';

/** A mobile number's one-time codes: one document per number (its _id, E.164). */
export type PhoneCodeDocument = {
  _id: string;
  /** When codes were sent to the number in the last day, oldest first: its limits are counted from these. */
  sentAt: Date[];
  /** Per purpose, the last few codes sent (each as a keyed hash, with when it stops working) and the tries since. */
  codes: Partial<Record<PhoneCodePurpose, { hashes: { hash: string; expiresAt: Date }[]; tries: number }>>;
  /** Raised by every send and every use, so a write made from an older read is refused. */
  version: number;
  updatedAt: Date;
};

export type Points = { point1: string; point2: string; point3: string };
export type SyllabusPart = { title: string } & Points;

/** Course fields keep the legacy names (docs/product.md §3, docs/legacy-api.md). Money is integer cents. */
export type CourseDocument = {
  _id: ObjectId;
  classCourse: import('@/lib/catalogue').CourseList;
  title: string;
  img: string;
  priceCents: number;
  /** The price in Bangladeshi taka, integer paisa (0 when free); absent: priced in dollars only. */
  pricePaisa?: number;
  state: 'unread' | 'read';
  ShortDescription: string;
  objective: Points;
  instructorImg: string;
  instructorName: string;
  education: string;
  about: string;
  syllabus: { free: SyllabusPart; email: SyllabusPart; monologues: SyllabusPart };
  video: string;
  promoCode: string;
  Enrolled: number;
  hours: number;
  videos: number;
  quizzes: number;
  notes: number;
  transcripts: number;
  /** The curriculum outline in order (server/learning/curriculum.ts); each lesson's content is in `lessons`. */
  curriculum?: CurriculumSectionDocument[];
  /** Raised by every curriculum change: the editor's compare-and-set (server/catalogue/admin/curriculum.ts). */
  curriculumVersion?: number;
  /** Listed but not for sale yet: the page says "Coming soon" and orders are refused. */
  comingSoon?: boolean;
  /**
   * Not published yet: only admins see it (its editor, the Drafts page); every public read leaves
   * it out (LISTED_COURSES in server/catalogue/courses.ts). Absent on courses made before drafts existed.
   */
  draft?: boolean;
  /** The instructor picked from Instructors, whose name, photo and education the course shows. */
  instructorId?: ObjectId;
  /** Buyers' visible reviews, counted with $inc by server/reviews/item-reviews.ts (absent: none yet). */
  rating?: RatingCountersDocument;
  /** rating.sum / rating.count kept in step with it, for sorting and filtering by rating (absent or 0: no reviews). */
  averageRating?: number;
  /** Translated title and short description, by language (lib/translated-content.ts). */
  translations?: import('@/lib/translated-content').Translations<import('@/lib/translated-content').ItemText>;
  createdAt: Date;
};

export type LessonOutlineDocument = {
  _id: ObjectId;
  title: string;
  kind: import('@/lib/curriculum').LessonKind;
  durationSeconds?: number;
  freePreview: boolean;
  hasTranscript?: boolean;
  hasNotes?: boolean;
  /** The title in other languages, by locale (lib/translated-content.ts). */
  translations?: import('@/lib/translated-content').Translations<import('@/lib/curriculum').OutlineText>;
};

export type CurriculumSectionDocument = {
  _id: ObjectId;
  title: string;
  lessons: LessonOutlineDocument[];
  translations?: import('@/lib/translated-content').Translations<import('@/lib/curriculum').OutlineText>;
};

/** An article as stored: its Markdown, and the safe HTML rendered from it by `renderer` (server/platform/markdown.ts MARKDOWN_RENDERER; absent: the first one). */
export type ArticleDocument = { markdown: string; html: string; renderer?: number };

/** A file stored in chunks (server/platform/chunked-files.ts): a lesson's video, download or notes. */
export type StoredFileRef = { fileId: ObjectId; name: string; contentType: string; length: number; chunkSize: number };

/** A lesson's content, apart from the outline so course pages never read article bodies or file lists. */
export type LessonDocument = {
  /** The lesson id of the outline. */
  _id: ObjectId;
  courseId: ObjectId;
  kind: import('@/lib/curriculum').LessonKind;
  youtubeUrl?: string;
  /** The video as uploaded: the download, and what players without streaming play. */
  video?: StoredFileRef;
  /** The video's streaming ladder, once transcoded (server/learning/lesson-video); the previous one until a new one is whole. */
  stream?: LessonStreamDocument;
  /** Which languages the video has captions in; their words are in `lessonCaptions` (server/learning/lesson-video/captions.ts). */
  captions?: Partial<Record<import('@/i18n/routing').Locale, LessonCaptionsSummary>>;
  article?: ArticleDocument;
  file?: StoredFileRef;
  notes?: StoredFileRef;
  transcript?: string;
  /** The article and the transcript in other languages, by locale; the article rendered like the default one. */
  translations?: import('@/lib/translated-content').Translations<{ article: ArticleDocument; transcript: string }>;
  /** A quiz lesson's settings and questions, answers included: never sent to learners as is (server/learning/quizzes.ts). */
  quiz?: import('@/lib/quiz').Quiz;
  updatedAt: Date;
};

/** A lesson video's streaming ladder: its files are in `streamFiles` under `{_id}/…` (server/learning/lesson-video/stream-files.ts). */
export type LessonStreamDocument = {
  _id: ObjectId;
  /** The uploaded file it was made from. */
  sourceFileId: ObjectId;
  durationSeconds: number;
  /** Each rung, lowest first, the audio-only one last: what a quality menu offers and how much it costs. */
  rungs: { name: string; width?: number; height?: number; bytes: number }[];
  createdAt: Date;
};

/** A lesson video's captions in one language, as the lesson lists them. */
export type LessonCaptionsSummary = { name: string; cueCount: number; updatedAt: Date };

/** A lesson video's captions in one language; `_id` is `{lessonId}:{locale}`. */
export type LessonCaptionsDocument = {
  _id: string;
  lessonId: ObjectId;
  courseId: ObjectId;
  locale: Locale;
  cues: import('@/lib/captions').CaptionCue[];
  updatedAt: Date;
};

/** One playback of a lesson video, as its player reported it (server/learning/lesson-video/playback-reports.ts); `_id` is `{userId or "visitor"}:{session}`. */
export type VideoPlaybackDocument = {
  _id: string;
  courseId: ObjectId;
  lessonId: ObjectId;
  delivery: import('@/lib/playback-report').PlaybackReport['delivery'];
  /** From pressing play to the first frame, in milliseconds; absent when it never started. */
  startMs?: number;
  rebufferMs: number;
  playedMs: number;
  levels: string[];
  errors: string[];
  firstAt: Date;
  lastAt: Date;
};

/** One file of a streaming ladder, whole (a playlist or a segment of a few seconds): one read by `_id` serves it. */
export type StreamFileDocument = {
  /** `{stream id}/{path}`, e.g. `…/360p/segment004.ts`. */
  _id: string;
  stream: ObjectId;
  contentType: string;
  data: import('mongodb').Binary;
};

/** A lesson video's transcoding (server/learning/lesson-video/jobs.ts); `_id` is the lesson's, so a new upload replaces the job. */
export type VideoJobDocument = {
  _id: ObjectId;
  courseId: ObjectId;
  /** The upload being transcoded; a newer upload makes this job's result moot. */
  sourceFileId: ObjectId;
  state: 'queued' | 'running' | 'done' | 'failed';
  /** Share of the video transcoded, 0 to 1. */
  progress: number;
  /** Runs started: one that never finished (its instance died) is taken over, a few times at most. */
  attempts: number;
  /** Why the file cannot be transcoded, when that is the file's fault (server/learning/lesson-video/probe.ts). */
  refusal?: import('../learning/lesson-video/probe').VideoRefusal;
  /** What went wrong otherwise. */
  error?: string;
  /** A ladder being stored by a run that may not finish: removed unless it became the lesson's. */
  pendingStream?: ObjectId;
  queuedAt: Date;
  finishedAt?: Date;
};

/**
 * One attempt at a quiz lesson. `_id` is `{userId}:{lessonId}:{number}`, so starting the same
 * attempt twice (two tabs, two instances) is a duplicate key rather than a second attempt.
 */
export type QuizAttemptDocument = {
  _id: string;
  userId: ObjectId;
  courseId: ObjectId;
  lessonId: ObjectId;
  number: number;
  startedAt: Date;
  /** Set for a timed quiz, on the server's clock. */
  deadlineAt?: Date;
  /** The questions in the order this attempt shows them, and each question's options. */
  questionOrder: string[];
  optionOrder: Record<string, string[]>;
};

/** A submitted attempt, graded. `_id` is the attempt's: however often it is submitted, it counts once. */
export type QuizSubmissionDocument = {
  _id: string;
  userId: ObjectId;
  courseId: ObjectId;
  lessonId: ObjectId;
  number: number;
  submittedAt: Date;
  late: boolean;
  passed: boolean;
  scorePercent: number;
  correctCount: number;
  questionCount: number;
  results: import('@/lib/quiz').QuestionResult[];
};

/** How a quiz's questions were answered, counted once per submission, so admins spot bad questions. `_id` is the lesson's. */
export type QuizStatsDocument = {
  _id: ObjectId;
  submissions: number;
  questions: Record<string, { answered: number; correct: number; options?: Record<string, number> }>;
};

/** Where a learner is in one lesson. */
export type LessonProgressEntry = {
  /** A quiz's attempts started, and the best score of those submitted. */
  attempts?: number;
  bestPercent?: number;
  /** Where a video was left, in seconds. */
  positionSeconds?: number;
  /** Set once, the first time the lesson was completed. */
  completedAt?: Date;
  /**
   * Set once, the first time its buyer fetched any of the lesson's video, file or notes (server/learning/lesson-media.ts):
   * with completions, what the refund rule counts (server/commerce/refund-requests.ts).
   */
  mediaFetchedAt?: Date;
  updatedAt: Date;
};

/** One learner's progress in one course (server/learning/progress.ts). */
export type CourseProgressDocument = {
  /** `{userId}:{courseId}`, both as lowercase hex. */
  _id: string;
  userId: ObjectId;
  courseId: ObjectId;
  /** By lesson id (hex). */
  lessons: Record<string, LessonProgressEntry>;
  /** The lesson touched last, to resume there. */
  lastLessonId?: string;
  /** The certificate earned by completing every lesson (server/learning/certificates.ts), once issued. */
  certificateId?: string;
  updatedAt: Date;
};

/**
 * A certificate of completion (server/learning/certificates.ts): what it says is copied when it is issued,
 * so a later change of name, title or instructor never alters it. Read by `_id` only; the unique
 * {userId, courseId} index allows one per learner and course.
 */
export type CertificateDocument = {
  /** 16 random bytes, base64url: the public verification address names it, so it must be unguessable. */
  _id: string;
  userId: ObjectId;
  courseId: ObjectId;
  /** The account's name when the certificate was issued. */
  learnerName: string;
  courseTitle: string;
  /** The course's title in other languages when the certificate was issued, keyed by locale (i18n/routing.ts). */
  translations?: import('@/lib/translated-content').Translations<{ courseTitle: string }>;
  instructorName: string;
  /** The course's length when it was completed: the sum of its lessons' durations (absent on certificates issued before it was kept). */
  courseLengthSeconds?: number;
  /** When the last lesson was completed. */
  completedAt: Date;
  issuedAt: Date;
  /** Set when the order was refunded; the verification page then says the certificate was withdrawn. */
  withdrawnAt?: Date;
  withdrawnReason?: string;
};

export type BookDocument = {
  _id: ObjectId;
  bookName: string;
  img: string;
  priceCents: number;
  /** The price in Bangladeshi taka, integer paisa; absent: priced in dollars only. */
  pricePaisa?: number;
  state: 'unread' | 'read';
  writerName1: string;
  writerName2?: string;
  writerName3?: string;
  writerName4?: string;
  writerImg: string;
  writerImg2?: string;
  writerImg3?: string;
  writerImg4?: string;
  educationWriter1: string;
  educationWriter2?: string;
  educationWriter3?: string;
  educationWriter4?: string;
  objective: Points;
  about: string;
  page: number;
  interactive: 'YES' | 'NO';
  formate: import('@/lib/catalogue').BookFormat;
  /** Human-readable size as entered by the admin, e.g. "12 MB". */
  filesize: string;
  /** As on courses: buyers' visible reviews (server/reviews/item-reviews.ts). */
  rating?: RatingCountersDocument;
  averageRating?: number;
  /** Translated name and about text, by language (lib/translated-content.ts). */
  translations?: import('@/lib/translated-content').Translations<import('@/lib/translated-content').ItemText>;
  createdAt: Date;
};

export type BlogDocument = {
  _id: ObjectId;
  title: string;
  img: string;
  /** ISO date (yyyy-mm-dd) as picked in the form. */
  date: string;
  writerName: string;
  description: string;
  /** Translated title and text, by language (lib/translated-content.ts). */
  translations?: import('@/lib/translated-content').Translations<import('@/lib/translated-content').ItemText>;
  createdAt: Date;
};

export type InstructorDocument = {
  _id: ObjectId;
  Subject: import('@/lib/catalogue').Subject;
  name: string;
  img: string;
  education: string;
  facebook: string;
  twitter: string;
  instagram: string;
  linkedin: string;
  /** Translated name (`title`) and education (`description`), by language (lib/translated-content.ts). */
  translations?: import('@/lib/translated-content').Translations<import('@/lib/translated-content').ItemText>;
  createdAt: Date;
};

export type ReviewDocument = {
  _id: ObjectId;
  userId: ObjectId;
  name: string;
  comment: string;
  ratting: number;
  image: string;
  createdAt: Date;
};

/** How many visible reviews an item has, their summed stars, and how many gave each star (`stars[0]`: one star). */
export type RatingCountersDocument = import('@/lib/ratings').RatingCounters;

/**
 * A buyer's review of one course or book (server/reviews/item-reviews.ts); the unique {itemId, userId}
 * index allows one per buyer and item. Not the site-wide testimonials of `reviews`.
 */
export type ItemReviewDocument = {
  _id: ObjectId;
  itemId: ObjectId;
  itemKind: 'course' | 'book';
  userId: ObjectId;
  /** The account's name when the review was last written (a deleted account's review goes with it). */
  authorName: string;
  /** 1 to 5 stars. */
  rating: number;
  body: string;
  createdAt: Date;
  /** Equal to createdAt until the author edits the review. */
  updatedAt: Date;
  /** Always set (false while shown), so the listing index answers `{itemId, hidden: false}`. */
  hidden: boolean;
  hiddenAt?: Date;
  hiddenReason?: string;
  hiddenBy?: ObjectId;
  /** A moderator's public answer, shown under the review. */
  reply?: { body: string; authorId: ObjectId; authorName: string; createdAt: Date; updatedAt: Date };
};

/** One-time links (password reset, e-mail verification); only the SHA-256 of the token is stored. */
export type AuthTokenDocument = {
  _id: string;
  kind: 'password-reset' | 'verify-email' | 'email-change';
  userId: ObjectId;
  /** An e-mail change's new address, proved when its link is opened. */
  email?: string;
  /** The account's session version when a reset link was sent: a later reset or sign-out everywhere ends the link. */
  sessionVersion?: number;
  expiresAt: Date;
  createdAt: Date;
};

/** Inserting here consumes a token: the unique _id makes the second use fail. */
export type UsedTokenDocument = { _id: string; usedAt: Date };

/** An uploaded image, re-encoded to WebP and kept in the database (docs/architecture.md: media live in the database). */
export type MediaDocument = {
  _id: ObjectId;
  ownerId: ObjectId;
  contentType: 'image/webp';
  /** The format the upload arrived in, recognised by its magic bytes. */
  sourceType: import('@/lib/media').ImageType;
  data: import('mongodb').Binary;
  size: number;
  width: number;
  height: number;
  createdAt: Date;
};

/** A notice about a new course (title) or a new book (bookName), shown in every user's bell. */
export type NotificationDocument = { _id: ObjectId; itemId: ObjectId; createdAt: Date } & (
  | { kind: 'course'; title: string }
  | { kind: 'book'; bookName: string }
);

/** One user has read one notice; the unique {userId, notificationId} index makes marking idempotent. */
export type NotificationReadDocument = {
  _id: ObjectId;
  userId: ObjectId;
  notificationId: ObjectId;
  /** Copied from the notice so unread counts need no join. */
  notificationCreatedAt: Date;
  readAt: Date;
};

/**
 * An order for one course or book (docs/product.md §3 Order). Name, image and price are copied from the
 * catalogue when the order is made, never taken from the browser. The unique {userId, itemId}
 * index allows one order per user and item: a second Buy finds the first one.
 */
export type OrderDocument = {
  _id: ObjectId;
  userId: ObjectId;
  userName: string;
  /** The buyer's e-mail, or for an account made with a mobile number its number. */
  email: string;
  itemKind: 'course' | 'book';
  itemId: ObjectId;
  productName: string;
  img: string;
  /** What a card payment charges, in dollar cents (the legacy API's `price`). */
  priceCents: number;
  /**
   * What a taka payment (bKash, SSLCommerz) charges, in paisa; set when the payment page prices the
   * order (unset on orders never priced since taka prices came, and for items with no taka price).
   */
  pricePaisa?: number;
  /** When the payment page last took the prices from the catalogue (unset: since `createdAt`). */
  pricedAt?: Date;
  paid: boolean;
  /** The payment intent started for this order, so a cancellation can cancel it at the provider. */
  paymentIntentId?: string;
  /** When the first request to pay it began: later starts count against the payment-intent allowance. */
  paymentStartedAt?: Date;
  /**
   * False while no promo code was ever applied to the order, so paying it needs no look at its
   * promo redemption; set true before a code's redemption is written, and never unset. Orders made
   * before the field existed have none, and their redemption is looked up.
   */
  promoCodeEntered?: boolean;
  /** The provider's id of the payment that paid the order (legacy field name). */
  transactionId?: string;
  createdAt: Date;
  paidAt?: Date;
  /**
   * Set when the order was refunded (server/commerce/refunds.ts); `paid` is false again, so every access
   * check refuses it. Never paid again: buying the item anew replaces it with a new order.
   */
  refundedAt?: Date;
};

/**
 * One try at paying an order through a provider whose page the buyer goes to (bKash, SSLCommerz):
 * server/commerce/payment-attempts.ts. `_id` is ours and is what the provider knows the payment by
 * (SSLCommerz tran_id, bKash merchantInvoiceNumber); the amount and currency were fixed from the
 * database when the buyer chose the method. An order may have many (retries, switching method);
 * at most one pays it, and a later one that was paid too is refunded.
 */
export type PaymentAttemptDocument = {
  _id: string;
  method: import('../commerce/payments/redirect-provider').RedirectMethod;
  orderId: ObjectId;
  userId: ObjectId;
  currency: import('@/lib/money').Currency;
  amountMinor: number;
  /** The language of the page the buyer started from: the return page answers in it. */
  locale: string;
  status: PaymentAttemptStatus;
  /** The provider's id of the checkout (bKash paymentID, SSLCommerz sessionkey); set once started. */
  providerPaymentId?: string;
  /**
   * Unique across attempts: the attempt's own id until the provider proves a payment, then
   * `<method>:<provider transaction id>`, so one provider transaction can pay one attempt only.
   */
  providerTxnKey: string;
  /** bKash trxID, SSLCommerz bank_tran_id: set once the provider proved the payment. */
  providerTxnId?: string;
  /** SSLCommerz's validation id of the proof. */
  valId?: string;
  createdAt: Date;
  updatedAt: Date;
  /** When the reconciler next asks the provider about it (pending, held for review, refunding). */
  checkAfter?: Date;
  /** How often the reconciler asked without an answer that settled it. */
  checks?: number;
  verifiedAt?: Date;
  /** Why it ended unpaid (the provider's words), or why a proven payment was not accepted for the order. */
  reason?: string;
  /** A proven payment the order did not take (paid by another, price changed…): it is paid back. */
  rejection?: string;
  refundId?: string;
  refundRequestedAt?: Date;
  /** The provider refused to pay it back (e.g. past bKash's 15 days): no longer retried by itself. */
  refundRefusedAt?: Date;
  refundedAt?: Date;
  /** The admin who accepted a payment held for review (SSLCommerz risk_level 1), or had it refunded. */
  reviewedBy?: ObjectId;
  reviewedAt?: Date;
};

/**
 * pending   the buyer is at the provider's page (or left it): nothing proven yet.
 * held      proven, but the provider flagged it as risky: waits for an admin to accept or refund it.
 * paid      proven and accepted: the order is paid by it.
 * failed / cancelled / expired   the provider said it was not paid (a later proof still pays it).
 * refunding proven but not accepted for the order (or refused by an admin): being paid back.
 * refunded  paid back.
 */
export type PaymentAttemptStatus = 'pending' | 'held' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refunding' | 'refunded';

/**
 * The lock behind exactly-once fulfilment: `_id` is the order id, so only one insert succeeds.
 * The step stamps let a later call finish a fulfilment whose process died half-way.
 */
export type FulfilmentDocument = {
  _id: ObjectId;
  /** The payment: a card intent's id, or a payment attempt's (server/commerce/payment-attempts.ts). */
  paymentIntentId: string;
  /** In the minor unit of `currency` (the name is older than taka payments). */
  amountCents: number;
  /** Unset: dollars (every fulfilment before taka payments). */
  currency?: import('@/lib/money').Currency;
  createdAt: Date;
  /** Which run holds the lease (1 for the first); a later run takes over only an expired lease. */
  attempt: number;
  /** An expired lease means that run died. */
  leaseUntil: Date;
  receiptSentAt?: Date;
  completedAt?: Date;
};

/**
 * One-shot claims inside a fulfilment (`<orderId>:attempt:<n>`, `<orderId>:enrolment`): the
 * unique _id makes each claim succeed once, where a conditional update could succeed twice.
 */
export type FulfilmentClaimDocument = { _id: string; claimedAt: Date };

/**
 * The lock behind exactly-once refunds (server/commerce/refunds.ts): `_id` is the order id, so of an admin's
 * refund, an approved request and any number of Stripe `charge.refunded` deliveries, one insert
 * wins. What the refund needs is copied from the order, so the steps never depend on the order
 * still being there (buying again replaces it); each step is stamped, so a later run (a webhook
 * retry, the sweep) finishes what a dead process left. The stamped record is also the refund's
 * history: the sales view counts refunds from it.
 */
export type RefundDocument = {
  _id: ObjectId;
  userId: ObjectId;
  email: string;
  itemKind: 'course' | 'book';
  itemId: ObjectId;
  productName: string;
  /** What the payment charged (the fulfilment's amount), all of it paid back, in `currency`'s minor unit. */
  amountCents: number;
  /** Unset: dollars. */
  currency?: import('@/lib/money').Currency;
  /** The refunded payment (the order's transactionId). */
  paymentIntentId: string;
  paidAt: Date;
  /** Who started it: an admin (directly or by approving a request), or the provider (a refund made in Stripe's dashboard). */
  source: 'admin' | 'request' | 'provider';
  actorId?: ObjectId;
  actorEmail?: string;
  reason?: string;
  createdAt: Date;
  /** Which run holds the lease (1 for the first); a later run takes over only an expired lease. */
  attempt: number;
  leaseUntil: Date;
  /** The provider paid the money back (or said it had): every later step may run. */
  providerRefundedAt?: Date;
  providerRefundId?: string;
  /** The order was marked refunded: access ends here. */
  refundedAt?: Date;
  /** The promo code's seat the payment used was given back (server/commerce/promo-redemptions.ts). */
  promoReturnedAt?: Date;
  /** The buyer's review of the item was removed: it no longer comes from a buyer. */
  reviewRemovedAt?: Date;
  /** Whether there was a review to remove (the e-mail says so). */
  reviewRemoved?: boolean;
  certificateWithdrawnAt?: Date;
  enrolmentReleasedAt?: Date;
  auditedAt?: Date;
  emailSentAt?: Date;
  completedAt?: Date;
  /**
   * The provider refused or could not be reached, so nothing happened: the order is still paid.
   * The sweep leaves such a refund alone; an admin's retry or the provider's webhook takes it over.
   */
  failedAt?: Date;
  lastError?: string;
};

/**
 * A buyer's request for a refund of one order. `_id` is the order id: one request per order,
 * which a refusal closes and asking again reopens (a conditional update, so never two open).
 */
export type RefundRequestDocument = {
  _id: ObjectId;
  userId: ObjectId;
  email: string;
  itemKind: 'course' | 'book';
  itemId: ObjectId;
  productName: string;
  priceCents: number;
  paidAt: Date;
  reason?: string;
  status: 'pending' | 'approved' | 'refused';
  requestedAt: Date;
  decidedAt?: Date;
  decidedByEmail?: string;
  /** Shown to the buyer in My Order and My Collection. */
  refusalReason?: string;
};

/**
 * What a buyer was sent of a bought book's file (read, played or downloaded): `_id` is
 * `{userId}:{bookId}`, written on the first answer of the file. Once a third of the file was sent,
 * the book can no longer be refunded on request. Records written before the count have no
 * `bytesDelivered` and count as the whole file.
 */
export type BookDownloadDocument = { _id: string; userId: ObjectId; bookId: ObjectId; firstDownloadedAt: Date; bytesDelivered?: number };

/** A payment intent of the local sandbox gateway (no Stripe keys): Stripe's states, test-card rules. */
export type SandboxPaymentIntentDocument = {
  _id: string;
  /** Unique: one intent per order, whatever the number of clicks. */
  orderId: ObjectId;
  clientSecret: string;
  amountCents: number;
  currency: 'usd';
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  lastErrorMessage?: string;
  /** The sandbox's refund of a succeeded intent (one per intent). */
  refundId?: string;
  refundedAt?: Date;
  createdAt: Date;
  updatedAt: Date;
};

/** Which stored file belongs to a book (at most one); its bytes are the `bookFiles` chunks of `fileId`. */
export type BookFileMetaDocument = {
  /** The book's id. */
  _id: ObjectId;
  fileId: ObjectId;
  contentType: 'application/pdf' | 'audio/mpeg';
  length: number;
  chunkSize: number;
  /** A PDF's pages, counted from the file when it was uploaded (server/catalogue/pdf-pages.ts). */
  pages?: number;
  updatedAt: Date;
};

/** One piece of a stored book file; `_id` orders the pieces, so a range is one sorted _id scan. */
/** One chunk of a stored file (book files in `bookFiles`, lesson files in `lessonFileChunks`). */
export type FileChunkDocument = {
  _id: { fileId: ObjectId; n: number };
  data: import('mongodb').Binary;
};

/** One admin change (create, update, delete, role change, a review hidden or replied to): who did what to which record, and when. */
export type AuditLogDocument = {
  _id: ObjectId;
  actorId: ObjectId;
  /** Copied so the entry stays readable after the admin's account is deleted. */
  actorEmail: string;
  action: 'create' | 'update' | 'delete' | 'make-admin' | 'upload-file' | 'hide' | 'show' | 'reply' | 'delete-reply' | 'refund' | 'refuse-refund' | 'accept-payment';
  entity: 'course' | 'book' | 'blog' | 'instructor' | 'user' | 'review' | 'promo-code' | 'order';
  entityId: string;
  summary: string;
  createdAt: Date;
};

/**
 * A promo code (server/commerce/promo-codes.ts). `code` is the normalized form (upper case), unique. `used`
 * counts the seats taken: reservations of started payments and redemptions of paid ones; it is
 * only ever raised by an $inc guarded by `usageLimit`, so it never passes it.
 */
export type PromoCodeDocument = {
  _id: ObjectId;
  code: string;
  discount: import('@/lib/promo-codes').PromoDiscount;
  /** The first moment the code works, and the moment it stops (exclusive); null for no limit. */
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perBuyerLimit: number | null;
  scope:
    | { kind: 'all' }
    | { kind: 'courses' }
    | { kind: 'books' }
    | { kind: 'items'; itemIds: ObjectId[] }
    | { kind: 'lists'; lists: import('@/lib/catalogue').CourseList[] };
  active: boolean;
  used: number;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * A code applied to an order; `_id` is the order id, so an order holds at most one. `reserved`
 * holds one of the code's seats (and one of the buyer's) until `holdUntil`; `released` holds
 * none (it lapsed: a payment arriving later must take a seat again); `redeemed` is the seat kept
 * by the payment. The prices are what the order is charged with the code.
 */
export type PromoRedemptionDocument = {
  _id: ObjectId;
  codeId: ObjectId;
  code: string;
  userId: ObjectId;
  itemId: ObjectId;
  itemKind: 'course' | 'book';
  /** The code's terms when it was applied: honoured while the reservation holds. */
  discount: import('@/lib/promo-codes').PromoDiscount;
  listPriceCents: number;
  discountCents: number;
  priceCents: number;
  /** The same in taka, for a taka payment (unset: the item has no taka price, or the code was applied before taka prices). */
  listPricePaisa?: number;
  discountPaisa?: number;
  pricePaisa?: number;
  /** The currency of the payment that redeemed it (unset: dollars). */
  redeemedCurrency?: import('@/lib/money').Currency;
  state: 'reserved' | 'released' | 'redeemed' | 'refunded';
  appliedAt: Date;
  holdUntil: Date;
  releasedAt?: Date;
  redeemedAt?: Date;
  /** The order paid with the code was refunded: its seat was given back. */
  refundedAt?: Date;
  paymentIntentId?: string;
};

/** How many seats of one code one buyer holds (`_id` is `{codeId}:{userId}`), for the per-buyer limit. */
export type PromoCodeBuyerDocument = { _id: string; codeId: ObjectId; userId: ObjectId; used: number };

/**
 * One SMS (server/platform/sms/queue.ts), keyed by its caller's id for it: queuing that id again
 * finds this document, so one id is one message whatever the number of calls.
 */
export type SmsMessageDocument = {
  _id: string;
  /** E.164, e.g. +8801712345678. */
  to: string;
  /** Dropped once the message is sent or given up: it carries a sign-in code. */
  text?: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  /** Sends started, the current one included. */
  attempts: number;
  /** When a pending message may be sent (again). */
  nextAttemptAt: Date;
  /** While sending: when the claim runs out and another instance may send it again. */
  claimedUntil?: Date;
  /** Ours, sent with every attempt, so the gateway refuses a second copy of the same message. */
  clientMessageId: string;
  createdAt: Date;
  sentAt?: Date;
  /** The gateway's id for the message, or the outbox file's name. */
  providerId?: string;
  lastError?: string;
};

/** The SMS queued on one UTC day (`_id` is YYYY-MM-DD), against SMS_DAILY_CAP. */
export type SmsDayDocument = {
  _id: string;
  /** The day's start, for expiry. */
  startsAt: Date;
  queued: number;
  /** Set once the admins were told the cap was reached that day. */
  adminsToldAt?: Date;
};
