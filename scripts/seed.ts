// npm run seed [-- --if-empty] [-- --force]
//
// Loads the demo catalogue, reviews and demo accounts. Safe to run any number of times: every
// record has a fixed _id derived from its natural key and creation date, so a second run replaces
// the same documents instead of adding copies, and accounts are only created when their e-mail is free.
import { createHash } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { AnyBulkWriteOperation, Collection } from 'mongodb';
import { announcePublicChange } from '@/server/platform/public-changes';
import { bulkWriteInBatches, closeDb, collection, getDb, isDuplicateKey } from '@/server/platform/db';
import type { UserDocument } from '@/server/platform/documents';
import { databaseUri } from '@/server/platform/env';
import { recountEnrolment } from '@/server/commerce/fulfilment';
import { recountItemRating } from '@/server/reviews/item-reviews';
import { courseProgressKey } from '@/server/learning/progress-document';
import { createPasswordUser, findUserDocumentByEmail } from '@/server/accounts/users';
import { storeMissingDemoBookFiles } from './demo-book-files';
import { demoCurriculumFor, storeDemoLessons } from './demo-curricula';
import type { DemoLesson } from './demo-curricula';
import { DEMO_ACCOUNTS } from './seed-data/accounts';
import type { ItemText, Translations } from '@/lib/translated-content';
import { BLOG_BENGALI, BOOK_BENGALI, COURSE_BENGALI } from './seed-data/bengali';
import { BLOGS } from './seed-data/blogs';
import { BOOKS } from './seed-data/books';
import { COURSES, DEMO_PROMO_CODE } from './seed-data/courses';
import { INSTRUCTORS } from './seed-data/instructors';
import { ITEM_REVIEWS } from './seed-data/item-reviews';
import { REVIEWS } from './seed-data/reviews';

const USAGE = 'Usage: npm run seed [-- --if-empty] [-- --force]';

type Options = { ifEmpty: boolean; force: boolean };

/** A mistake in how the script was called: reported without a stack trace. */
class UsageError extends Error {}

function parseOptions(args: string[]): Options {
  const options: Options = { ifEmpty: false, force: false };
  for (const arg of args) {
    if (arg === '--if-empty') options.ifEmpty = true;
    else if (arg === '--force') options.force = true;
    else throw new UsageError(`Unknown option ${arg}.\n${USAGE}`);
  }
  return options;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** Host names of a mongodb:// URI, without credentials or ports (the driver does not expose them before connecting). */
function databaseHosts(uri: string): string[] {
  const authority = uri.replace(/^mongodb(\+srv)?:\/\//, '').split(/[/?]/, 1)[0] ?? '';
  const hostList = authority.slice(authority.lastIndexOf('@') + 1);
  return hostList.split(',').map((entry) => {
    const host = entry.startsWith('[') ? entry.slice(1, entry.indexOf(']')) : entry.replace(/:\d*$/, '');
    try {
      return decodeURIComponent(host).toLowerCase();
    } catch {
      return host.toLowerCase();
    }
  });
}

function isLocalDatabase(uri: string): boolean {
  // An SRV record is resolved through DNS, so it never names this machine alone.
  if (uri.startsWith('mongodb+srv://')) return false;
  const hosts = databaseHosts(uri);
  return hosts.length > 0 && hosts.every((host) => LOCAL_HOSTS.has(host));
}

/** The time part of the ids of records without a creation date (curriculum sections and lessons). */
const UNDATED = new Date('2026-01-01T00:00:00Z');

/**
 * A fixed id per record, the same on every run and every machine: the record's creation second
 * (an ObjectId's first four bytes) and eight bytes of a digest of its kind and natural key. Ids
 * so sort like the records' createdAt, as those of records added later through the site do:
 * older clients list books and blogs by _id (docs/architecture.md, "Older clients").
 */
export function seedId(kind: string, naturalKey: string, createdAt: Date = UNDATED): ObjectId {
  const digest = createHash('sha256').update(`knowledge-zone-seed\u0000${kind}\u0000${naturalKey}`).digest();
  const seconds = Math.floor(createdAt.getTime() / 1000).toString(16).padStart(8, '0');
  return new ObjectId(seconds + digest.subarray(0, 8).toString('hex'));
}

/** An id without its time part: what names the record. */
const digestOf = (id: ObjectId) => id.toHexString().slice(8);

/**
 * The ids to write `ids` under: a record an earlier run already wrote under another time part
 * (seeds used one fixed time before ids followed createdAt, and moving a record in the seed files
 * re-dates it) keeps that id, so no second copy appears and what refers to it (orders, reviews,
 * progress) stays valid. Found by the digest, which no id made by the driver shares in practice.
 */
async function keepingSeededIds<T extends { _id: ObjectId }>(target: Collection<T>, ids: ObjectId[]): Promise<ObjectId[]> {
  const wanted = new Set(ids.map(digestOf));
  const existing = new Map<string, ObjectId>();
  for await (const { _id } of target.find({}, { projection: { _id: 1 } })) {
    if (_id instanceof ObjectId && wanted.has(digestOf(_id))) existing.set(digestOf(_id), _id);
  }
  return ids.map((id) => existing.get(digestOf(id)) ?? id);
}

/** Added to each demo book's description: its downloadable file is a short sample. */
const DEMO_SAMPLE_NOTE = '(Demo catalogue: the downloadable file is a short sample, not the whole book.)';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Fixed past dates keep "newest first" deterministic and older than anything an admin adds later. */
function staggered(start: string, step: number, index: number): Date {
  return new Date(Date.parse(start) + step * index);
}

type UpsertCounts = { label: string; seeded: number; inserted: number; refreshed: number; total: number };

/** Replaces each document by _id, inserting it when absent. */
async function upsertById<T extends { _id: ObjectId }>(
  label: string,
  target: Collection<T>,
  documents: T[],
): Promise<UpsertCounts> {
  const ids = new Set(documents.map((document) => document._id.toHexString()));
  if (ids.size !== documents.length) throw new Error(`Two seed ${label} share a natural key; make their keys unique.`);
  const operations = documents.map(
    ({ _id, ...replacement }) =>
      ({ replaceOne: { filter: { _id }, replacement, upsert: true } }) as AnyBulkWriteOperation<T>,
  );
  // Matched rather than modified: FerretDB counts an identical replacement as a modification.
  const { upsertedCount: inserted, matchedCount: refreshed } = await bulkWriteInBatches(target, operations, { ordered: true });
  return { label, seeded: documents.length, inserted, refreshed, total: await target.countDocuments({}) };
}

/** The demo courses' and books' ids by title, for the records that refer to them. */
export type SeededItems = { courses: Map<string, ObjectId>; books: Map<string, ObjectId> };

type CatalogueResult = { counts: UpsertCounts[]; lessons: DemoLesson[]; items: SeededItems };

/** The item's Bengali texts, when the demo has them (the seed rewrites demo items whole). */
function withBengali(bn: Partial<ItemText> | undefined): { translations?: Translations<ItemText> } {
  return bn ? { translations: { bn } } : {};
}

export async function seedCatalogue(): Promise<CatalogueResult> {
  const [instructorCollection, courseCollection, bookCollection, blogCollection] = [
    await collection('instructors'), await collection('courses'), await collection('books'), await collection('blogs'),
  ];
  const instructorDates = INSTRUCTORS.map((_, index) => staggered('2026-01-05T08:00:00Z', HOUR, index));
  const instructorIds = await keepingSeededIds(instructorCollection, INSTRUCTORS.map((instructor, index) => seedId('instructor', `${instructor.Subject}/${instructor.name}`, instructorDates[index])));
  const instructors = INSTRUCTORS.map((instructor, index) => ({ _id: instructorIds[index]!, ...instructor, createdAt: instructorDates[index]! }));

  const courseDates = COURSES.map((_, index) => staggered('2026-01-12T08:00:00Z', 3 * HOUR, index));
  const courseIds = await keepingSeededIds(courseCollection, COURSES.map((course, index) => seedId('course', `${course.classCourse}/${course.title}`, courseDates[index])));
  const lessons: DemoLesson[] = [];
  const courses = COURSES.map((course, index) => {
    const _id = courseIds[index]!;
    // Sections and lessons have no creation date: their ids keep the fixed time part.
    const curriculum = demoCurriculumFor(course, _id, (kind, key) => seedId(kind, key));
    lessons.push(...curriculum.lessons);
    // Each demo course's teacher is one of the demo instructors: the course is linked to them.
    const instructorId = instructors.find((instructor) => instructor.name === course.instructorName)?._id;
    return { _id, ...course, ...withBengali(COURSE_BENGALI[course.title]), ...(instructorId ? { instructorId } : {}), curriculum: curriculum.outline, createdAt: courseDates[index]! };
  });

  const bookDates = BOOKS.map((_, index) => staggered('2026-02-02T10:00:00Z', 4 * DAY, index));
  const bookIds = await keepingSeededIds(bookCollection, BOOKS.map((book, index) => seedId('book', book.bookName, bookDates[index])));
  // The demo files are short generated samples (scripts/demo-files.ts); the page says so.
  const books = BOOKS.map((book, index) => ({
    _id: bookIds[index]!, ...book, ...withBengali(BOOK_BENGALI[book.bookName]), about: `${book.about} ${DEMO_SAMPLE_NOTE}`, createdAt: bookDates[index]!,
  }));

  // A blog is "created" on the morning of its own date; the index breaks ties between equal dates.
  const blogDates = BLOGS.map((blog, index) => new Date(Date.parse(`${blog.date}T09:00:00Z`) + index * 1000));
  const blogIds = await keepingSeededIds(blogCollection, BLOGS.map((blog, index) => seedId('blog', blog.title, blogDates[index])));
  const blogs = BLOGS.map((blog, index) => ({ _id: blogIds[index]!, ...blog, ...withBengali(BLOG_BENGALI[blog.title]), createdAt: blogDates[index]! }));

  return {
    counts: [
      await upsertById('instructors', instructorCollection, instructors),
      await upsertById('courses', courseCollection, courses),
      await upsertById('books', bookCollection, books),
      await upsertById('blogs', blogCollection, blogs),
    ],
    lessons,
    items: {
      courses: new Map(COURSES.map((course, index) => [course.title, courseIds[index]!])),
      books: new Map(BOOKS.map((book, index) => [book.bookName, bookIds[index]!])),
    },
  };
}

type ReviewCounts = { reviewersCreated: number; reviews: UpsertCounts };

export async function seedReviews(): Promise<ReviewCounts> {
  const users = await collection('users');
  const reviews = await collection('reviews');
  let reviewersCreated = 0;
  let inserted = 0;
  let refreshed = 0;
  for (const [index, review] of REVIEWS.entries()) {
    const createdAt = staggered('2026-10-20T12:00:00Z', 2 * DAY, index);
    const { reviewer } = review;
    let user = await users.findOne({ email: reviewer.email });
    if (!user) {
      const joinedAt = new Date(createdAt.getTime() - 30 * DAY);
      // No passwordHash and no Google subject: the account exists only to own its review.
      const doc: UserDocument = {
        _id: seedId('user', reviewer.email, joinedAt),
        email: reviewer.email,
        name: reviewer.name,
        role: 'user',
        image: reviewer.image,
        sessionVersion: 0,
        createdAt: joinedAt,
      };
      await users.insertOne(doc);
      reviewersCreated += 1;
      user = doc;
    }
    // Keyed on userId because the reviews collection allows one review per user.
    const result = await reviews.updateOne(
      { userId: user._id },
      {
        $set: { name: reviewer.name, comment: review.comment, ratting: review.ratting, image: reviewer.image, createdAt },
        $setOnInsert: { _id: seedId('review', reviewer.email, createdAt) },
      },
      { upsert: true },
    );
    inserted += result.upsertedCount;
    refreshed += result.matchedCount;
  }
  return {
    reviewersCreated,
    reviews: { label: 'reviews', seeded: REVIEWS.length, inserted, refreshed, total: await reviews.countDocuments({}) },
  };
}

export async function seedAccounts(): Promise<string[]> {
  const lines: string[] = [];
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    const existing = await findUserDocumentByEmail(account.email);
    if (existing) {
      lines.push(`${account.email} already exists (role ${existing.role}), left unchanged`);
      continue;
    }
    const created = await createPasswordUser({ ...account, verified: true });
    lines.push(created ? `${account.email} created (role ${created.role})` : `${account.email} already exists, left unchanged`);
  }
  return lines;
}

/** The course the demo student has bought and half finished, so My Collection and the player show progress. */
const DEMO_LEARNER_COURSE = 'Python Basics in Seven Days';

export async function seedDemoLearner(lessons: DemoLesson[], items: SeededItems): Promise<string> {
  const { student } = DEMO_ACCOUNTS;
  const user = await findUserDocumentByEmail(student.email);
  const course = COURSES.find((candidate) => candidate.title === DEMO_LEARNER_COURSE);
  const courseId = items.courses.get(DEMO_LEARNER_COURSE);
  if (!user || !course || !courseId) return 'no demo student or course, skipped';
  const paidAt = new Date('2026-11-01T10:00:00Z');
  const orders = await collection('orders');
  // Keyed like the unique {userId, itemId} index: a second run, or a real purchase, is left as it is.
  await orders.updateOne(
    { userId: user._id, itemId: courseId },
    {
      $setOnInsert: {
        _id: seedId('order', `${student.email}/${course.title}`, paidAt),
        userName: user.name,
        email: user.email,
        itemKind: 'course',
        productName: course.title,
        img: course.img,
        priceCents: course.priceCents,
        paid: true,
        transactionId: 'seed_demo_payment',
        createdAt: paidAt,
        paidAt,
      },
    },
    { upsert: true },
  );
  const courseLessons = lessons.filter((lesson) => lesson.courseId.equals(courseId));
  const done = courseLessons.slice(0, Math.floor(courseLessons.length / 2));
  // The demo student's document is written whole, once: a re-seed keeps whatever they did since.
  const lessonsDone = Object.fromEntries(
    done.map((lesson, index) => {
      const at = new Date(paidAt.getTime() + (index + 1) * HOUR);
      return [lesson.id.toHexString(), { completedAt: at, updatedAt: at }];
    }),
  );
  const lastDone = done.at(-1);
  await (await collection('courseProgress')).updateOne(
    { _id: courseProgressKey(user._id, courseId) },
    { $setOnInsert: { userId: user._id, courseId, lessons: lessonsDone, lastLessonId: lastDone?.id.toHexString(), updatedAt: paidAt } },
    { upsert: true },
  );
  return `${student.email} owns “${course.title}” with ${done.length} of ${courseLessons.length} lessons complete`;
}

/** Reviews of the demo items are dated back from this fixed day, so every run writes the same. */
const ITEM_REVIEWS_DAY = Date.parse('2026-11-20T10:00:00Z');

/**
 * The demo ratings: each reviewer's paid order and review of the item (keyed like the unique
 * indexes, so a second run changes them in place), then every demo course's and book's rating
 * counters recounted, since seedCatalogue rewrote those documents whole.
 */
export async function seedItemReviews(items: SeededItems): Promise<string> {
  const admin = await findUserDocumentByEmail(DEMO_ACCOUNTS.admin.email);
  const [users, orders, reviews] = [await collection('users'), await collection('orders'), await collection('itemReviews')];
  const itemOf = (id: ObjectId | undefined, kind: 'course' | 'book', img: string, priceCents: number) => (id ? { id, kind, img, priceCents } : undefined);
  const courseIds = new Map(COURSES.map((course) => [course.title, itemOf(items.courses.get(course.title), 'course', course.img, course.priceCents)]));
  const bookIds = new Map(BOOKS.map((book) => [book.bookName, itemOf(items.books.get(book.bookName), 'book', book.img, book.priceCents)]));
  for (const review of ITEM_REVIEWS) {
    const item = courseIds.get(review.item) ?? bookIds.get(review.item);
    const reviewer = await users.findOne({ email: review.reviewer.email }, { projection: { _id: 1, name: 1, email: 1 } });
    if (!item) throw new Error(`A seeded review names "${review.item}", which is no demo course or book.`);
    if (!reviewer) throw new Error(`The seeded reviewer ${review.reviewer.email} is missing (seedReviews creates them).`);
    const createdAt = new Date(ITEM_REVIEWS_DAY - review.daysAgo * DAY);
    const paidAt = new Date(createdAt.getTime() - 30 * DAY);
    await orders.updateOne(
      { userId: reviewer._id, itemId: item.id },
      {
        $setOnInsert: {
          _id: seedId('order', `${review.reviewer.email}/${review.item}`, paidAt),
          userName: reviewer.name,
          email: reviewer.email,
          itemKind: item.kind,
          productName: review.item,
          img: item.img,
          priceCents: item.priceCents,
          paid: true,
          transactionId: 'seed_demo_review_payment',
          createdAt: paidAt,
          paidAt,
        },
      },
      { upsert: true },
    );
    const reply = review.reply && admin ? { body: review.reply, authorId: admin._id, authorName: admin.name, createdAt, updatedAt: createdAt } : undefined;
    await reviews.updateOne(
      { itemId: item.id, userId: reviewer._id },
      {
        $set: { itemKind: item.kind, authorName: reviewer.name, rating: review.rating, body: review.body, createdAt, updatedAt: createdAt, hidden: false, ...(reply ? { reply } : {}) },
        $setOnInsert: { _id: seedId('item-review', `${review.reviewer.email}/${review.item}`, createdAt) },
      },
      { upsert: true },
    );
  }
  for (const item of [...courseIds.values(), ...bookIds.values()]) if (item) await recountItemRating(item.kind, item.id);
  return `${ITEM_REVIEWS.length} reviews of demo courses and books, by ${new Set(ITEM_REVIEWS.map((review) => review.reviewer.email)).size} buyers; ratings recounted`;
}

/** Every demo course's Enrolled, counted from the paid orders of the seeded buyers (seedCatalogue wrote 0). */
export async function seedEnrolment(items: SeededItems): Promise<string> {
  const courseIds = [...items.courses.values()];
  await recountEnrolment(courseIds);
  const counted = await (await collection('courses')).countDocuments({ _id: { $in: courseIds }, Enrolled: { $gt: 0 } });
  return `${courseIds.length} demo courses counted from their paid orders, ${counted} with buyers`;
}

/**
 * The promo code every demo course advertises (its `promoCode` field): 10% off every course, no
 * end date or limits. Inserted only when absent, so a second run keeps what admins changed and
 * the uses it has given.
 */
export async function seedPromoCodes(): Promise<string> {
  const now = new Date();
  // An insert that a second run's duplicate key turns away, rather than an upsert with
  // $setOnInsert: FerretDB drops the null fields (no start, no end, no limit) of a $setOnInsert.
  try {
    await (await collection('promoCodes')).insertOne({
      // The code's unique index turns away a second run's copy (its id has that run's time).
      _id: seedId('promo-code', DEMO_PROMO_CODE, now),
      code: DEMO_PROMO_CODE,
      discount: { kind: 'percent', percent: 10 },
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perBuyerLimit: null,
      scope: { kind: 'courses' },
      active: true,
      used: 0,
      createdAt: now,
      updatedAt: now,
    });
    return `${DEMO_PROMO_CODE} (10% off every course) created`;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return `${DEMO_PROMO_CODE} already present, left unchanged`;
  }
}

function formatCounts({ label, seeded, inserted, refreshed, total }: UpsertCounts): string {
  return `  ${label.padEnd(12)} ${String(seeded).padStart(3)} seeded: ${inserted} new, ${refreshed} already present and refreshed (collection holds ${total})`;
}

async function run(options: Options): Promise<void> {
  const uri = databaseUri();
  const hosts = databaseHosts(uri).join(',');
  if (!options.force && !isLocalDatabase(uri)) {
    throw new UsageError(
      `Refusing to seed ${hosts}: it is not a local database (127.0.0.1, localhost or ::1).\n` +
        'The seed overwrites demo records and creates accounts with published passwords. ' +
        'Pass --force if you really mean to seed this database.',
    );
  }
  const db = await getDb();
  const target = `${hosts}/${db.databaseName}`;

  if (options.ifEmpty) {
    const courses = await collection('courses');
    if (await courses.findOne({}, { projection: { _id: 1 } })) {
      console.log(`Seed skipped: ${target} already has courses (--if-empty).`);
      return;
    }
  }

  const catalogue = await seedCatalogue();
  const { reviewersCreated, reviews } = await seedReviews();
  const accounts = await seedAccounts();

  console.log(`Seeded ${target}`);
  for (const counts of [...catalogue.counts, reviews]) console.log(formatCounts(counts));
  console.log(`  reviewers    ${REVIEWS.length} password-less users, ${reviewersCreated} new`);
  for (const line of accounts) console.log(`  account      ${line}`);
  console.log(`  book files   ${await storeMissingDemoBookFiles()}`);
  console.log(`  lessons      ${await storeDemoLessons(catalogue.lessons)}`);
  console.log(`  learner      ${await seedDemoLearner(catalogue.lessons, catalogue.items)}`);
  console.log(`  ratings      ${await seedItemReviews(catalogue.items)}`);
  console.log(`  enrolment    ${await seedEnrolment(catalogue.items)}`);
  console.log(`  promo codes  ${await seedPromoCodes()}`);
  // Written directly: a running instance forgets its pages and builds its search index again.
  await announcePublicChange();
}

async function main(): Promise<number> {
  try {
    await run(parseOptions(process.argv.slice(2)));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
    } else {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      console.error(`Seed failed: ${error instanceof Error ? error.message : String(error)}${cause}`);
    }
    return 1;
  } finally {
    await closeDb();
  }
}

// Run as a script only (its steps are imported by scripts/seed.test.ts). Exit explicitly: the
// argon2 worker pool must not keep a finished script alive.
if (require.main === module) main().then((code) => process.exit(code));
