// npx tsx --conditions=react-server scripts/bench/seed-large.ts [--courses N] [--manifest FILE] [--reset]
//                                      [--learning] [--lesson-video MB] [--quiz-attempts N]
//
// Fills a separate benchmark database with a large, reproducible catalogue: the same PRNG seed
// gives the same documents, ids and dates on every machine, so figures from two runs compare.
// Texts and images are variations of the demo seed, so every page renders real-looking content
// and every image path has a file under public/.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ObjectId } from 'mongodb';
import type { Collection, Document, OptionalUnlessRequiredId } from 'mongodb';
import { COURSE_LISTS, SUBJECT_PAGES, SUBJECTS } from '@/lib/catalogue';
import type { CourseList } from '@/lib/catalogue';
import { normalizeSearchText } from '@/lib/format';
import { gradeQuiz } from '@/lib/quiz';
import type { Quiz } from '@/lib/quiz';
import { answersByQuestion } from '@/lib/schemas/quiz';
import type { SubmissionInput } from '@/lib/schemas/quiz';
import { storeBookFile } from '@/server/catalogue/book-files';
import { writeChunks } from '@/server/platform/chunked-files';
import { announcePublicChange } from '@/server/platform/public-changes';
import { closeDb, collection, getDb } from '@/server/platform/db';
import type {
  BlogDocument,
  BookDocument,
  CertificateDocument,
  CourseDocument,
  CurriculumSectionDocument,
  LessonOutlineDocument,
  InstructorDocument,
  LessonDocument,
  CourseProgressDocument,
  OrderDocument,
  QuizAttemptDocument,
  ReviewDocument,
  UserDocument,
} from '@/server/platform/documents';
import { databaseUri } from '@/server/platform/env';
import { renderedArticle } from '@/server/platform/markdown';
import { courseProgressKey } from '@/server/learning/progress-document';
import { createPasswordUser } from '@/server/accounts/users';
import { createSilentMp3 } from '../demo-files';
import { BLOGS } from '../seed-data/blogs';
import { BOOKS } from '../seed-data/books';
import { COURSES } from '../seed-data/courses';
import { demoPricePaisa } from '../seed-data/prices';
import { INSTRUCTORS } from '../seed-data/instructors';
import { DEMO_CURRICULA, MOTION_QUIZ } from '../seed-data/lessons';
import { REVIEWS } from '../seed-data/reviews';
import { createRandom } from './random';

const USAGE =
  'Usage: seed-large.ts [--courses N] [--books N] [--blogs N] [--instructors N] [--users N] [--orders N]\n' +
  '                     [--buyers N] [--seed N] [--audiobook MB] [--learning] [--lesson-video MB] [--quiz-attempts N]\n' +
  '                     [--manifest FILE] [--reset] [--force]';

/** The account the benchmark signs in as; it owns exactly BENCH_USER_ORDERS orders. Local use only. */
const BENCH_USER = { name: 'Bench User', email: 'bench-user@bench.knowledgezone.test', password: 'KzBench#2026' } as const;
const BENCH_USER_ORDERS = 50;

/**
 * Accounts that place the orders of the order-creation measurement. One account may create only
 * 120 orders per 15 minutes (server/platform/write-limits.ts), so the load is spread over many buyers, as
 * real traffic is; otherwise the bench would measure the 429 answer instead of an order.
 */
const DEFAULT_BUYERS = 256;

function buyerEmail(index: number): string {
  return `bench-buyer-${index}@bench.knowledgezone.test`;
}

/** Search terms the benchmark measures: a frequent word, a rarer one, and a phrase with a handful of matches. */
const SEARCH_TERMS = ['physics', 'algebra', 'sylhet batch 42'] as const;

type Options = {
  courses: number;
  books: number;
  blogs: number;
  instructors: number;
  users: number;
  orders: number;
  buyers: number;
  seed: number;
  /** Megabytes of MP3 stored for a book the bench user paid for (0: none). */
  audiobook: number;
  /** A curriculum, lessons and progress for a course the bench user paid for (the learning measurements). */
  learning: boolean;
  /** Megabytes of the learning course's video lesson (0: the demo clip as it is); implies --learning. */
  lessonVideo: number;
  /**
   * Open quiz attempts of the bench user in the learning course (--learning only), each submitted
   * once by the quiz grading measurement. An attempt's number has at most six digits (the app's
   * attempt id), so they are spread over as many quiz lessons as that takes (one, in practice).
   */
  quizAttempts: number;
  manifest: string | null;
  reset: boolean;
  force: boolean;
};

class UsageError extends Error {}

const COUNT_OPTIONS = ['courses', 'books', 'blogs', 'instructors', 'users', 'orders', 'buyers', 'seed', 'audiobook', 'lessonVideo', 'quizAttempts'] as const;
type CountOption = (typeof COUNT_OPTIONS)[number];

/**
 * Enough for the quiz grading measurement at 20 connections with room to spare (the probe, the
 * warm-up, the level and the paced budget level each use some); a run at more
 * levels stops a level when they run out (measure.ts says so in the target's note).
 */
const DEFAULT_QUIZ_ATTEMPTS = 4_000;

/** The option's field: --lesson-video sets lessonVideo. */
function optionName(arg: string): string {
  return arg.replace(/^--/, '').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function isCountOption(name: string): name is CountOption {
  return (COUNT_OPTIONS as readonly string[]).includes(name);
}

function parseOptions(args: string[]): Options {
  const options: Options = {
    courses: 10_000,
    books: 2_000,
    blogs: 1_000,
    instructors: 500,
    users: 5_000,
    orders: 100_000,
    buyers: DEFAULT_BUYERS,
    seed: 20_260_101,
    audiobook: 0,
    learning: false,
    lessonVideo: 0,
    quizAttempts: DEFAULT_QUIZ_ATTEMPTS,
    manifest: null,
    reset: false,
    force: false,
  };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const name = optionName(arg);
    if (arg === '--reset') options.reset = true;
    else if (arg === '--force') options.force = true;
    else if (arg === '--learning') options.learning = true;
    else if (arg === '--manifest') {
      const value = args[++index];
      if (!value) throw new UsageError(`--manifest needs a file name.\n${USAGE}`);
      options.manifest = value;
    } else if (arg.startsWith('--') && isCountOption(name)) {
      const value = Number(args[++index]);
      if (!Number.isSafeInteger(value) || value < 0 || value > 10_000_000) {
        throw new UsageError(`${arg} needs a whole number between 0 and 10,000,000.\n${USAGE}`);
      }
      options[name] = value;
    } else throw new UsageError(`Unknown option ${arg}.\n${USAGE}`);
  }
  if (options.users < 1 && options.orders > BENCH_USER_ORDERS) {
    throw new UsageError('Orders beyond the bench user\'s own need at least one other user (--users).');
  }
  if (options.lessonVideo > 0) options.learning = true;
  return options;
}

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick() needs a non-empty list');
  return item;
}

function integerBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/**
 * Ids that sort like their creation dates (the first four bytes of an ObjectId are seconds) and
 * are otherwise derived from the run's seed, so two runs with one seed produce identical ids.
 */
function benchId(seed: number, kind: string, index: number, createdAt: Date): ObjectId {
  const digest = createHash('sha256').update(`knowledge-zone-bench\u0000${seed}\u0000${kind}\u0000${index}`).digest();
  const seconds = Math.floor(createdAt.getTime() / 1000).toString(16).padStart(8, '0');
  return new ObjectId(seconds + digest.subarray(0, 8).toString('hex'));
}

const MINUTE = 60_000;
const EPOCH = Date.parse('2024-01-01T00:00:00Z');

/** Creation dates a few minutes apart, all before the demo seed's, so "newest" is deterministic. */
function createdAtFor(index: number, stepMinutes: number): Date {
  return new Date(EPOCH + index * stepMinutes * MINUTE);
}

const DISTRICTS = [
  'Dhaka', 'Chattogram', 'Khulna', 'Rajshahi', 'Sylhet', 'Barishal', 'Rangpur', 'Mymensingh',
  'Cumilla', 'Gazipur', 'Narayanganj', 'Bogura', 'Jashore', 'Dinajpur', 'Pabna', 'Tangail',
  'Noakhali', 'Feni', 'Cox\'s Bazar', 'Kushtia', 'Faridpur', 'Jamalpur', 'Sirajganj', 'Natore',
] as const;
const FIRST_NAMES = [
  'Ayesha', 'Rahim', 'Farhana', 'Karim', 'Nabila', 'Sakib', 'Tasnim', 'Imran', 'Rumana', 'Fahim',
  'Sadia', 'Tanvir', 'Nusrat', 'Arif', 'Mim', 'Rafiq', 'Shirin', 'Jamal', 'Lamia', 'Hasan',
] as const;
const LAST_NAMES = [
  'Rahman', 'Hossain', 'Islam', 'Ahmed', 'Chowdhury', 'Khan', 'Akter', 'Karim', 'Uddin', 'Sarkar',
  'Begum', 'Miah', 'Talukder', 'Sheikh', 'Biswas', 'Das', 'Roy', 'Haque', 'Siddiqui', 'Mollah',
] as const;

function nonEmpty<T>(items: readonly T[], label: string): readonly T[] {
  if (items.length === 0) throw new Error(`The demo seed has no ${label} to vary`);
  return items;
}

function templatesByList(): Map<CourseList, readonly (typeof COURSES)[number][]> {
  const byList = new Map<CourseList, (typeof COURSES)[number][]>();
  for (const course of COURSES) {
    const list = byList.get(course.classCourse);
    if (list) list.push(course);
    else byList.set(course.classCourse, [course]);
  }
  return byList;
}

function makeCourses(options: Options, random: Random): CourseDocument[] {
  const templates = templatesByList();
  return Array.from({ length: options.courses }, (_, index) => {
    // Round-robin over the lists keeps every list the same size (±1), so list pages compare.
    const classCourse = COURSE_LISTS[index % COURSE_LISTS.length] ?? 'classOne';
    const template = pick(random, nonEmpty(templates.get(classCourse) ?? COURSES, 'courses'));
    const createdAt = createdAtFor(index, 7);
    const course: CourseDocument = {
      ...template,
      _id: benchId(options.seed, 'course', index, createdAt),
      title: `${template.title}, ${pick(random, DISTRICTS)} Batch ${integerBetween(random, 1, 999)}`,
      priceCents: classCourse === 'freeCourse' ? template.priceCents : integerBetween(random, 20, 400) * 50,
      Enrolled: integerBetween(random, 0, 5_000),
      hours: integerBetween(random, 4, 120),
      videos: integerBetween(random, 5, 200),
      quizzes: integerBetween(random, 0, 60),
      notes: integerBetween(random, 0, 40),
      transcripts: integerBetween(random, 0, 40),
      createdAt,
    };
    // The taka price follows the drawn dollar price (the template's is another price's), drawing nothing.
    return { ...course, pricePaisa: demoPricePaisa(course.priceCents) };
  });
}

function makeInstructors(options: Options, random: Random): InstructorDocument[] {
  const bySubject = new Map(SUBJECTS.map((subject) => [subject, INSTRUCTORS.filter((item) => item.Subject === subject)]));
  return Array.from({ length: options.instructors }, (_, index) => {
    const Subject = SUBJECTS[index % SUBJECTS.length] ?? 'Bengali';
    const template = pick(random, nonEmpty(bySubject.get(Subject) ?? INSTRUCTORS, 'instructors'));
    const createdAt = createdAtFor(index, 60);
    const name = `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
    const handle = `${name.toLowerCase().replace(/\s+/g, '.')}.${index}`;
    return {
      ...template,
      _id: benchId(options.seed, 'instructor', index, createdAt),
      name,
      facebook: `https://www.facebook.com/${handle}`,
      twitter: `https://twitter.com/${handle}`,
      instagram: `https://www.instagram.com/${handle}`,
      linkedin: `https://www.linkedin.com/in/${handle}`,
      createdAt,
    };
  });
}

function makeBooks(options: Options, random: Random): BookDocument[] {
  return Array.from({ length: options.books }, (_, index) => {
    const template = pick(random, nonEmpty(BOOKS, 'books'));
    const createdAt = createdAtFor(index, 30);
    const book: BookDocument = {
      ...template,
      _id: benchId(options.seed, 'book', index, createdAt),
      bookName: `${template.bookName}, Volume ${index + 1}`,
      priceCents: integerBetween(random, 4, 120) * 50,
      page: integerBetween(random, 40, 900),
      createdAt,
    };
    return { ...book, pricePaisa: demoPricePaisa(book.priceCents) };
  });
}

function makeBlogs(options: Options, random: Random): BlogDocument[] {
  return Array.from({ length: options.blogs }, (_, index) => {
    const template = pick(random, nonEmpty(BLOGS, 'blogs'));
    const createdAt = createdAtFor(index, 24 * 60);
    return {
      ...template,
      _id: benchId(options.seed, 'blog', index, createdAt),
      title: `${template.title} (Part ${index + 1})`,
      date: createdAt.toISOString().slice(0, 10),
      createdAt,
    };
  });
}

function makeUsers(options: Options, random: Random): UserDocument[] {
  return Array.from({ length: options.users }, (_, index) => {
    const createdAt = createdAtFor(index, 11);
    const name = `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
    // No password and no Google subject: nobody can sign in as these; they own orders and reviews.
    return {
      _id: benchId(options.seed, 'user', index, createdAt),
      email: `user${index}@bench.knowledgezone.test`,
      name,
      role: 'user',
      sessionVersion: 0,
      createdAt,
    };
  });
}

function makeReviews(options: Options, users: UserDocument[], random: Random): ReviewDocument[] {
  return users.slice(0, Math.min(60, users.length)).map((user, index) => {
    const template = pick(random, nonEmpty(REVIEWS, 'reviews'));
    const createdAt = createdAtFor(index, 24 * 60);
    return {
      _id: benchId(options.seed, 'review', index, createdAt),
      userId: user._id,
      name: user.name,
      comment: template.comment,
      ratting: template.ratting,
      image: template.reviewer.image,
      createdAt,
    };
  });
}

type Purchasable = { id: ObjectId; kind: OrderDocument['itemKind']; productName: string; img: string; priceCents: number };

function purchasables(courses: CourseDocument[], books: BookDocument[]): Purchasable[] {
  return [
    ...courses.map((course) => ({
      id: course._id,
      kind: 'course' as const,
      productName: course.title,
      img: course.img,
      priceCents: course.priceCents,
    })),
    ...books.map((book) => ({
      id: book._id,
      kind: 'book' as const,
      productName: book.bookName,
      img: book.img,
      priceCents: book.priceCents,
    })),
  ];
}

type Owner = { _id: ObjectId; name: string; email?: string };

/**
 * Item indexes each owner already ordered: the orders collection allows one order per user and
 * item (unique {userId, itemId}), so a repeated pick draws again, at most a few times.
 */
class OrderedItems {
  private readonly byOwner = new Map<string, Set<number>>();

  pickFresh(random: Random, owner: Owner, itemCount: number): number | null {
    const key = owner._id.toHexString();
    let taken = this.byOwner.get(key);
    if (!taken) this.byOwner.set(key, (taken = new Set()));
    if (taken.size >= itemCount) return null;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const index = Math.floor(random() * itemCount);
      if (!taken.has(index)) {
        taken.add(index);
        return index;
      }
    }
    return null;
  }
}

function makeOrder(options: Options, random: Random, index: number, owner: Owner, item: Purchasable): OrderDocument {
  const createdAt = createdAtFor(index, 1);
  const paid = random() < 0.6;
  return {
    _id: benchId(options.seed, 'order', index, createdAt),
    userId: owner._id,
    userName: owner.name,
    email: owner.email ?? '',
    itemKind: item.kind,
    itemId: item.id,
    productName: item.productName,
    img: item.img,
    priceCents: item.priceCents,
    paid,
    ...(paid ? { transactionId: `pi_bench_${index.toString(36)}`, paidAt: new Date(createdAt.getTime() + 5 * MINUTE) } : {}),
    createdAt,
  };
}

const BATCH = 1_000;

async function insertInBatches<T extends Document>(target: Collection<T>, documents: OptionalUnlessRequiredId<T>[]): Promise<void> {
  for (let start = 0; start < documents.length; start += BATCH) {
    await target.insertMany(documents.slice(start, start + BATCH), { ordered: false });
  }
}

type Timing = { step: string; count: number; seconds: number };

async function timed<T>(timings: Timing[], step: string, count: number, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  timings.push({ step, count, seconds });
  console.log(`  ${step.padEnd(22)} ${String(count).padStart(7)}  ${seconds.toFixed(1).padStart(6)} s`);
  return result;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

function isLocalDatabase(uri: string): boolean {
  if (uri.startsWith('mongodb+srv://')) return false;
  const authority = uri.replace(/^mongodb:\/\//, '').split(/[/?]/, 1)[0] ?? '';
  const hosts = authority.slice(authority.lastIndexOf('@') + 1).split(',');
  return hosts.every((entry) => {
    const host = entry.startsWith('[') ? entry.slice(1, entry.indexOf(']')) : entry.replace(/:\d*$/, '');
    return LOCAL_HOSTS.has(host.toLowerCase());
  });
}

export type BenchManifest = {
  database: string;
  seed: number;
  counts: Record<'courses' | 'books' | 'blogs' | 'instructors' | 'users' | 'reviews' | 'orders', number>;
  courseDetailPath: string;
  bookDetailPath: string;
  blogDetailPath: string;
  /**
   * The instructor list of the newest instructor's subject (/instructor/{subject}): the site has no
   * page of one instructor, so this is what a visitor looking for one opens. Absent in older manifests.
   */
  instructorPath?: string;
  /** Every course and book, in a seeded shuffle: the buyers (who own no orders) order them in turn. */
  orderItemIds: string[];
  buyers: { emails: string[]; password: string };
  searchTerms: { term: string; matches: number }[];
  benchUser: { email: string; password: string; orders: number };
  /** The book whose file the streaming measurement downloads (--audiobook), paid for by the bench user. */
  audiobook?: { bookId: string; bytes: number } | null;
  /** The course the learning measurements use (--learning), paid for by the bench user. */
  learning?: BenchLearning | null;
  timings: Timing[];
};

export type BenchLearning = {
  courseId: string;
  /** Every lesson but the quizzes, in outline order (progress writes go round them). */
  lessonIds: string[];
  /** The article lessons in outline order (the lesson player's load goes round them). */
  articleLessonIds: string[];
  /** A free-preview article lesson: open to visitors who are signed out (Lighthouse audits it). */
  previewLessonId: string;
  video: { lessonId: string; bytes: number; /** Padded to --lesson-video MB (else the demo clip as it is). */ padded: boolean };
  progressRecords: number;
  /** The bench user's open attempts at the course's quiz lessons (the quiz grading budget); null with --quiz-attempts 0. */
  quiz?: BenchQuiz | null;
  /** A certificate of completion of another course the bench user bought (the certificate PDF budget). */
  certificate?: { id: string; courseId: string } | null;
};

export type BenchQuiz = {
  /** The bench user's id: an attempt's id is `{userId}:{lessonId}:{number}`. */
  userId: string;
  /** The quiz lessons, all with the same questions; attempt n (from 0) is number n mod attemptsPerLesson + 1 of lesson n div attemptsPerLesson. */
  lessonIds: string[];
  attemptsPerLesson: number;
  /** Open attempts in all: lessonIds.length × attemptsPerLesson. */
  attempts: number;
  questionIds: string[];
  passPercent: number;
  /** The submission body to send: every question answered, all but one of them right. */
  answers: SubmissionInput['answers'];
  /** The score those answers get (percent). */
  scorePercent: number;
};

async function run(options: Options): Promise<void> {
  const uri = databaseUri();
  if (!options.force && !isLocalDatabase(uri)) {
    throw new UsageError('Refusing to seed a database that is not on this machine (pass --force if you mean it).');
  }
  let db = await getDb();
  // The benchmark data must never land in the development or test database.
  if (!options.force && !db.databaseName.includes('bench')) {
    throw new UsageError(`Refusing to seed "${db.databaseName}": the benchmark database's name must contain "bench".`);
  }
  const existing = await (await collection('courses')).estimatedDocumentCount();
  if (existing > 0) {
    if (!options.reset) throw new UsageError(`${db.databaseName} already has ${existing} courses; pass --reset to drop it first.`);
    await db.dropDatabase();
    // Reconnect so the indexes the app declares are created again on the empty database.
    await closeDb();
    db = await getDb();
  }

  const random = createRandom(options.seed);
  const timings: Timing[] = [];
  console.log(`Seeding the benchmark catalogue into ${db.databaseName} (PRNG seed ${options.seed})`);

  const courses = makeCourses(options, random);
  const instructors = makeInstructors(options, random);
  const books = makeBooks(options, random);
  const blogs = makeBlogs(options, random);
  const users = makeUsers(options, random);
  const reviews = makeReviews(options, users, random);

  await timed(timings, 'courses', courses.length, async () => insertInBatches(await collection('courses'), courses));
  await timed(timings, 'instructors', instructors.length, async () => insertInBatches(await collection('instructors'), instructors));
  await timed(timings, 'books', books.length, async () => insertInBatches(await collection('books'), books));
  await timed(timings, 'blogs', blogs.length, async () => insertInBatches(await collection('blogs'), blogs));
  await timed(timings, 'users', users.length, async () => insertInBatches(await collection('users'), users));
  await timed(timings, 'reviews', reviews.length, async () => insertInBatches(await collection('reviews'), reviews));

  // Through the project's own account code, so the password hash is exactly what sign-in checks.
  const benchUser = await timed(timings, 'bench user (argon2id)', 1, () =>
    createPasswordUser({ ...BENCH_USER, role: 'user', verified: true }),
  );
  if (!benchUser) throw new Error(`${BENCH_USER.email} already exists in a database that was just emptied`);
  await timed(timings, 'buyers (argon2id)', options.buyers, async () => {
    for (let index = 0; index < options.buyers; index += 1) {
      const buyer = await createPasswordUser({ name: `Bench Buyer ${index}`, email: buyerEmail(index), password: BENCH_USER.password, verified: true });
      if (!buyer) throw new Error(`${buyerEmail(index)} already exists in a database that was just emptied`);
    }
  });
  const benchOwner: Owner = { _id: new ObjectId(benchUser.id), name: benchUser.name, email: benchUser.email ?? '' };

  const items = purchasables(courses, books);
  if (options.orders > 0 && items.length === 0) throw new UsageError('Orders need at least one course or book.');
  const orders = await collection('orders');
  const ordered = new OrderedItems();
  const benchOrders = Math.min(BENCH_USER_ORDERS, options.orders, items.length);
  // The bench user's orders are spread evenly through the history, as a real customer's would be.
  const benchStep = Math.max(1, Math.floor(options.orders / Math.max(1, benchOrders)));
  let written = 0;
  let benchWritten = 0;
  let benchPaidBook: Purchasable | undefined;
  let benchPaidCourse: Purchasable | undefined;
  const benchPaidCourses: Purchasable[] = [];
  await timed(timings, 'orders', options.orders, async () => {
    // Generated and written one batch at a time so 100,000 orders never sit in memory at once.
    for (let start = 0; start < options.orders; start += BATCH) {
      const batch: OrderDocument[] = [];
      for (let index = start; index < Math.min(start + BATCH, options.orders); index += 1) {
        const ownsIt = index % benchStep === 0 && index / benchStep < benchOrders;
        // A generated user who already holds every item (only possible with tiny catalogues) is passed over.
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const owner = ownsIt ? benchOwner : pick(random, users);
          const itemIndex = ordered.pickFresh(random, owner, items.length);
          const item = itemIndex === null ? undefined : items[itemIndex];
          if (item) {
            const order = makeOrder(options, random, index, owner, item);
            batch.push(order);
            if (owner === benchOwner) {
              benchWritten += 1;
              // The newest one: My Collection lists it on its first page.
              if (order.paid && item.kind === 'book') benchPaidBook = item;
              if (order.paid && item.kind === 'course') {
                benchPaidCourse = item;
                benchPaidCourses.push(item);
              }
            }
            break;
          }
        }
      }
      if (batch.length > 0) await orders.insertMany(batch, { ordered: false });
      written += batch.length;
    }
  });
  if (written !== options.orders) console.log(`  orders: ${written} written (the catalogue is too small for ${options.orders} distinct user/item pairs)`);
  // Counted while generating, not read back.
  if (benchWritten !== benchOrders) throw new Error(`The bench user got ${benchWritten} orders instead of ${benchOrders}`);

  let audiobook: BenchManifest['audiobook'] = null;
  if (options.audiobook > 0) {
    if (!benchPaidBook) throw new Error('The bench user has no paid book order to attach the audiobook to');
    const book = benchPaidBook;
    audiobook = await timed(timings, `audiobook (${options.audiobook} MB MP3)`, 1, () => storeAudiobook(book, options.audiobook));
  }

  let learning: BenchManifest['learning'] = null;
  if (options.learning) {
    const bought = benchPaidCourse && courses.find((course) => course._id.equals(benchPaidCourse?.id));
    if (!bought) throw new Error('The bench user has no paid course order to give a curriculum to');
    const label = `learning${options.lessonVideo > 0 ? ` (${options.lessonVideo} MB video)` : ''}`;
    const seeded = await timed(timings, label, LEARNING_SLOTS.length, () => seedLearningCourse(options, bought, benchOwner, users, courses));
    const { attempts } = seeded;
    const quiz = await timed(timings, 'quiz attempts (open)', attempts.length, async () => {
      await insertInBatches(await collection('quizAttempts'), attempts);
      return seeded.quiz;
    });
    // A certificate of another course the bench user bought (the PDF route's measurement).
    const other = benchPaidCourses.map((item) => courses.find((course) => course._id.equals(item.id))).find((course) => course && !course._id.equals(bought._id));
    if (!other) throw new Error('The bench user has no second paid course to hold a certificate of');
    const certificate = await timed(timings, 'certificate', 1, () => seedCertificate(options, other, benchOwner));
    learning = { ...seeded.learning, quiz, certificate };
  }

  // Written directly: a running instance forgets its pages and builds its search index again.
  await announcePublicChange();

  if (options.manifest) {
    writeManifest(options.manifest, options, db.databaseName, { courses, instructors, books, blogs, users, reviews, benchOrders, written, items, audiobook, learning, timings });
  }
  const total = timings.reduce((sum, timing) => sum + timing.seconds, 0);
  console.log(`Done in ${total.toFixed(1)} s`);
}

type Seeded = {
  courses: CourseDocument[];
  instructors: InstructorDocument[];
  books: BookDocument[];
  blogs: BlogDocument[];
  users: UserDocument[];
  reviews: ReviewDocument[];
  benchOrders: number;
  written: number;
  items: Purchasable[];
  audiobook: BenchManifest['audiobook'];
  learning: BenchManifest['learning'];
  timings: Timing[];
};

/** A silent 128 kbit/s MP3 of about `megabytes` MB as the book's file, stored as the admin upload stores one. */
async function storeAudiobook(book: Purchasable, megabytes: number): Promise<{ bookId: string; bytes: number }> {
  const bytesPerSecond = createSilentMp3('', 60).length / 60;
  const seconds = Math.ceil((megabytes * 1024 * 1024) / bytesPerSecond);
  async function* whole(): AsyncIterable<Uint8Array> {
    yield createSilentMp3(`${book.productName} (bench audiobook)`, seconds);
  }
  const file = await storeBookFile(book.id, whole(), 'audio/mpeg');
  return { bookId: file.bookId, bytes: file.length };
}

// --- the learning course ------------------------------------------------------------------------

/**
 * Its outline: the section titles of the demo Physics course, four lessons each, the second lesson
 * of the second section a video (where the demo course has its clip), the others articles.
 */
const LEARNING_SLOTS = [0, 1, 2].flatMap((section) =>
  [0, 1, 2, 3].map((lesson) => ({ section, kind: section === 1 && lesson === 1 ? ('video' as const) : ('article' as const) })),
);
const LEARNING_SECTION_TITLES = (DEMO_CURRICULA['Physics for Class Nine'] ?? []).map((section) => section.title).slice(0, 3);
const LESSON_CLIP = join(process.cwd(), 'scripts/seed-data/media/motion.webm');
const LESSON_CLIP_SECONDS = 8;
const COMPLETED_LESSONS = 4;
/** Other learners' progress documents each (server/learning/progress.ts). */
const COURSES_PER_LEARNER = 4;

/** The highest attempt number the app accepts (its attempt ids end in one to six digits). */
const MAX_ATTEMPT_NUMBER = 999_999;

/**
 * The learning course's quiz: ten questions of the four kinds on the course's first two sections,
 * with explanations (a graded attempt answers them all), unlimited attempts and no time limit.
 * Neither questions nor options are shuffled, so the seeded attempts show them in this order.
 */
const BENCH_QUIZ: Quiz = {
  passPercent: 70,
  shuffleQuestions: false,
  shuffleOptions: false,
  questions: [
    ...MOTION_QUIZ.questions,
    {
      id: 'force-unit',
      kind: 'single',
      prompt: 'What is the SI unit of force?',
      explanation: 'One newton is the force that gives a mass of 1 kg an acceleration of 1 m/s² (1 N = 1 kg·m/s²).',
      options: [
        { id: 'joule', text: 'Joule', correct: false },
        { id: 'newton', text: 'Newton', correct: true },
        { id: 'watt', text: 'Watt', correct: false },
        { id: 'pascal', text: 'Pascal', correct: false },
      ],
    },
    {
      id: 'base-units',
      kind: 'multiple',
      prompt: 'Which of these are SI base units?',
      explanation: 'The metre, the kilogram and the second are base units; the newton and the joule are derived from them.',
      options: [
        { id: 'metre', text: 'Metre', correct: true },
        { id: 'kilogram', text: 'Kilogram', correct: true },
        { id: 'second', text: 'Second', correct: true },
        { id: 'newton', text: 'Newton', correct: false },
        { id: 'joule', text: 'Joule', correct: false },
      ],
    },
    {
      id: 'free-fall',
      kind: 'trueFalse',
      prompt: 'Without air resistance, a heavy stone and a light stone dropped together from the same height land at the same time.',
      explanation: 'Every body falls with the same acceleration g, whatever its mass, when only gravity acts on it.',
      options: [
        { id: 'true', text: 'True', correct: true },
        { id: 'false', text: 'False', correct: false },
      ],
    },
    {
      id: 'speed-up',
      kind: 'numeric',
      prompt: 'A cyclist starts from rest and speeds up at 2 m/s² for 5 s. What is the speed then, in m/s? (v = u + at)',
      explanation: 'v = 0 + 2 × 5 = 10 m/s.',
      options: [],
      numeric: { value: 10, tolerance: 0.1 },
    },
    {
      id: 'inertia',
      kind: 'single',
      prompt: 'What does the inertia of a body depend on?',
      explanation: 'The more mass a body has, the harder it is to start, stop or turn it.',
      options: [
        { id: 'mass', text: 'Its mass', correct: true },
        { id: 'speed', text: 'Its speed', correct: false },
        { id: 'shape', text: 'Its shape', correct: false },
      ],
    },
    {
      id: 'inertia-of-motion',
      kind: 'multiple',
      prompt: 'Which of these show inertia of motion?',
      explanation: 'Passengers lurching forwards and a long jumper running up keep moving; dust left behind by a beaten carpet and passengers falling back as a bus starts show inertia of rest.',
      options: [
        { id: 'lurch', text: 'Passengers lurch forwards when a bus brakes', correct: true },
        { id: 'run-up', text: 'A long jumper runs up before the jump', correct: true },
        { id: 'carpet', text: 'Dust leaves a carpet that is beaten', correct: false },
        { id: 'fall-back', text: 'Passengers fall back when a bus starts', correct: false },
      ],
    },
  ],
};

/** A learner's answers to {@link BENCH_QUIZ}: all right except the last, which names one of its two right options. */
function benchQuizAnswers(quiz: Quiz): SubmissionInput['answers'] {
  return quiz.questions.map((question, index) => {
    if (question.kind === 'numeric') return { questionId: question.id, number: question.numeric?.value ?? 0 };
    const right = question.options.filter((option) => option.correct).map((option) => option.id);
    return { questionId: question.id, options: index === quiz.questions.length - 1 ? right.slice(0, 1) : right };
  });
}

/** 16 bytes from the run's seed as base64url: a certificate id as the app makes them (22 characters), the same on every run. */
function benchCertificateId(seed: number): string {
  return createHash('sha256').update(`knowledge-zone-bench\u0000${seed}\u0000certificate`).digest().subarray(0, 16).toString('base64url');
}

/** A certificate of completion of `course` for the bench user, stored as the app issues one (server/learning/certificates.ts). */
async function seedCertificate(options: Options, course: CourseDocument, learner: Owner): Promise<{ id: string; courseId: string }> {
  const completedAt = new Date(course.createdAt.getTime() + 30 * 24 * 60 * MINUTE);
  const certificate: CertificateDocument = {
    _id: benchCertificateId(options.seed),
    userId: learner._id,
    courseId: course._id,
    learnerName: learner.name,
    courseTitle: course.title,
    instructorName: course.instructorName,
    completedAt,
    issuedAt: new Date(completedAt.getTime() + MINUTE),
  };
  await (await collection('certificates')).insertOne(certificate);
  return { id: certificate._id, courseId: course._id.toHexString() };
}

/** The demo catalogue's written lessons, in order: real explanations of about 2 KB of Markdown each. */
function demoArticles(): { title: string; markdown: string }[] {
  return Object.values(DEMO_CURRICULA).flatMap((sections) =>
    sections.flatMap((section) => section.lessons.flatMap((lesson) => (lesson.kind === 'article' ? [{ title: lesson.title, markdown: lesson.markdown }] : []))),
  );
}

/**
 * An article of a few KB, as a longer lesson would be: a demo article followed by another one
 * further down the list, as the lesson's further reading.
 */
function benchArticle(articles: { title: string; markdown: string }[], index: number): { title: string; markdown: string } {
  const own = articles[index % articles.length];
  const further = articles[(index + Math.floor(articles.length / 2)) % articles.length];
  if (!own || !further) throw new Error('The demo seed has no articles to build the learning course from');
  return { title: own.title, markdown: `${own.markdown}\n\n## Further reading: ${further.title}\n\n${further.markdown.replace(/^(#+) /gm, '#$1 ')}` };
}

/** An EBML Void element's header (ID 0xEC, then an 8-byte size): every WebM reader skips what follows. */
const VOID_HEADER_BYTES = 9;

function ebmlVoidHeader(payloadBytes: number): Buffer {
  const header = Buffer.alloc(VOID_HEADER_BYTES);
  header[0] = 0xec;
  header[1] = 0x01; // an 8-byte size: its first byte marks the width, the other seven hold the value
  header.writeUIntBE(payloadBytes, 3, 6);
  return header;
}

/**
 * The video lesson's bytes: the real demo clip (it plays its 8 seconds), then, when `megabytes`
 * asks for more, one Void element filling the file to that size. Yielded a megabyte at a time,
 * so a 200 MB video is written without ever being held in memory.
 */
async function* lessonVideoBytes(megabytes: number): AsyncIterable<Uint8Array> {
  const clip = readFileSync(LESSON_CLIP);
  yield clip;
  const total = megabytes * 1024 * 1024;
  if (total < clip.length + VOID_HEADER_BYTES) return;
  const padding = total - clip.length - VOID_HEADER_BYTES;
  yield ebmlVoidHeader(padding);
  const zeros = Buffer.alloc(1024 * 1024);
  for (let left = padding; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
}

/**
 * Gives the course the bench user bought a curriculum (three sections of four lessons: articles
 * rendered as the editor renders them, and a video lesson), and the bench user progress in it:
 * the first section completed and the video half watched.
 */
/** Progress for each of `learners` in {@link COURSES_PER_LEARNER} courses: half the outline complete. */
function otherLearnersProgress(learners: Pick<UserDocument, '_id'>[], courses: Pick<CourseDocument, '_id'>[], outline: LessonOutlineDocument[], now: Date): CourseProgressDocument[] {
  const lessons = Object.fromEntries(outline.slice(0, outline.length / 2).map((lesson) => [lesson._id.toHexString(), { completedAt: now, updatedAt: now }]));
  const documents = new Map<string, CourseProgressDocument>();
  for (const [index, learner] of learners.entries()) {
    for (let k = 0; k < COURSES_PER_LEARNER; k += 1) {
      const course = courses[(index * 7 + k * 131) % courses.length];
      if (!course) continue;
      const _id = courseProgressKey(learner._id, course._id);
      documents.set(_id, { _id, userId: learner._id, courseId: course._id, lessons, updatedAt: now });
    }
  }
  return [...documents.values()];
}

type SeededLearning = {
  learning: BenchLearning;
  quiz: BenchQuiz | null;
  /** The bench user's open attempts at the quiz lessons, to be stored. */
  attempts: QuizAttemptDocument[];
};

async function seedLearningCourse(options: Options, course: CourseDocument, learner: Owner, others: Pick<UserDocument, '_id'>[], courses: Pick<CourseDocument, '_id'>[]): Promise<SeededLearning> {
  const articles = demoArticles();
  const id = (kind: string, index: number) => benchId(options.seed, kind, index, course.createdAt);
  const now = new Date(course.createdAt.getTime() + 24 * 60 * MINUTE);
  const video = await writeChunks('lessonFileChunks', lessonVideoBytes(options.lessonVideo));
  const lessons: LessonDocument[] = [];
  const curriculum: CurriculumSectionDocument[] = LEARNING_SECTION_TITLES.map((title, index) => ({ _id: id('learning-section', index), title, lessons: [] }));
  for (const [index, slot] of LEARNING_SLOTS.entries()) {
    const section = curriculum[slot.section];
    if (!section) throw new Error('The demo Physics course has fewer than three sections');
    const _id = id('learning-lesson', index);
    if (slot.kind === 'video') {
      section.lessons.push({ _id, title: 'Motion in slow motion: watching a trolley speed up', kind: 'video', durationSeconds: LESSON_CLIP_SECONDS, freePreview: false, hasTranscript: true });
      lessons.push({
        _id,
        courseId: course._id,
        kind: 'video',
        video: { fileId: video.fileId, name: 'motion-bench.webm', contentType: 'video/webm', length: video.length, chunkSize: video.chunkSize },
        transcript: 'A trolley rolls down a ramp while a timer marks every tenth of a second. The marks spread further apart: the trolley speeds up.',
        updatedAt: now,
      });
    } else {
      const article = benchArticle(articles, index);
      section.lessons.push({ _id, title: article.title, kind: 'article', durationSeconds: 10 * 60, freePreview: index === 0 });
      lessons.push({ _id, courseId: course._id, kind: 'article', article: renderedArticle(article.markdown), updatedAt: now });
    }
  }
  // The lessons above as they were before quizzes (the learning measurements go round them).
  const outline = curriculum.flatMap((section) => section.lessons);
  // Then a last section with the quiz lesson(s) holding the bench user's open attempts.
  const quizLessonCount = Math.ceil(options.quizAttempts / MAX_ATTEMPT_NUMBER);
  const attemptsPerLesson = quizLessonCount > 0 ? Math.ceil(options.quizAttempts / quizLessonCount) : 0;
  const quizOutline: LessonOutlineDocument[] = Array.from({ length: quizLessonCount }, (_, index) => ({
    _id: id('learning-quiz', index),
    title: quizLessonCount === 1 ? 'Check your understanding' : `Check your understanding, set ${index + 1}`,
    kind: 'quiz',
    durationSeconds: 10 * 60,
    freePreview: false,
  }));
  if (quizLessonCount > 0) {
    curriculum.push({ _id: id('learning-section', curriculum.length), title: 'Check your understanding', lessons: quizOutline });
    for (const lesson of quizOutline) lessons.push({ _id: lesson._id, courseId: course._id, kind: 'quiz', quiz: BENCH_QUIZ, updatedAt: now });
  }
  await (await collection('lessons')).insertMany(lessons);
  await (await collection('courses')).updateOne({ _id: course._id }, { $set: { curriculum, curriculumVersion: 1 } });

  const videoLesson = outline.find((lesson) => lesson.kind === 'video');
  const preview = outline.find((lesson) => lesson.freePreview);
  if (!videoLesson || !preview) throw new Error('The learning course needs a video lesson and a free preview');
  const completed = outline.slice(0, COMPLETED_LESSONS);
  const benchProgress: CourseProgressDocument = {
    _id: courseProgressKey(learner._id, course._id),
    userId: learner._id,
    courseId: course._id,
    lessons: {
      ...Object.fromEntries(completed.map((lesson, index) => {
        const at = new Date(now.getTime() + index * 15 * MINUTE);
        return [lesson._id.toHexString(), { completedAt: at, updatedAt: at }];
      })),
      [videoLesson._id.toHexString()]: { positionSeconds: LESSON_CLIP_SECONDS / 2, updatedAt: new Date(now.getTime() + 90 * MINUTE) },
      // Every seeded attempt started (none submitted yet), as starting them would have counted them.
      ...Object.fromEntries(quizOutline.map((lesson) => [lesson._id.toHexString(), { attempts: attemptsPerLesson, updatedAt: new Date(now.getTime() + 120 * MINUTE) }])),
    },
    lastLessonId: videoLesson._id.toHexString(),
    updatedAt: new Date(now.getTime() + 90 * MINUTE),
  };
  // Everyone else's progress too (a few courses each), so a progress read that is not an _id
  // lookup would show here as it would in production.
  const progress = [benchProgress, ...otherLearnersProgress(others, courses, outline, now)];
  const courseProgress = await collection('courseProgress');
  for (let start = 0; start < progress.length; start += 1_000) await courseProgress.insertMany(progress.slice(start, start + 1_000), { ordered: false });

  // Attempt n of each quiz lesson as startQuizAttempt makes it (server/learning/quizzes.ts), none submitted.
  const attempts: QuizAttemptDocument[] = quizOutline.flatMap((lesson) =>
    Array.from({ length: attemptsPerLesson }, (_, index): QuizAttemptDocument => ({
      _id: `${learner._id.toHexString()}:${lesson._id.toHexString()}:${index + 1}`,
      userId: learner._id,
      courseId: course._id,
      lessonId: lesson._id,
      number: index + 1,
      startedAt: new Date(now.getTime() + 120 * MINUTE + index * 1000),
      questionOrder: BENCH_QUIZ.questions.map((question) => question.id),
      optionOrder: Object.fromEntries(BENCH_QUIZ.questions.map((question) => [question.id, question.options.map((option) => option.id)])),
    })),
  );
  const answers = benchQuizAnswers(BENCH_QUIZ);
  const quiz: BenchQuiz | null =
    quizOutline.length === 0
      ? null
      : {
          userId: learner._id.toHexString(),
          lessonIds: quizOutline.map((lesson) => lesson._id.toHexString()),
          attemptsPerLesson,
          attempts: attempts.length,
          questionIds: BENCH_QUIZ.questions.map((question) => question.id),
          passPercent: BENCH_QUIZ.passPercent,
          answers,
          scorePercent: gradeQuiz(BENCH_QUIZ.questions, answersByQuestion(answers)).scorePercent,
        };

  return {
    learning: {
      courseId: course._id.toHexString(),
      lessonIds: outline.map((lesson) => lesson._id.toHexString()),
      articleLessonIds: outline.filter((lesson) => lesson.kind === 'article').map((lesson) => lesson._id.toHexString()),
      previewLessonId: preview._id.toHexString(),
      video: { lessonId: videoLesson._id.toHexString(), bytes: video.length, padded: options.lessonVideo > 0 },
      progressRecords: progress.length,
    },
    quiz,
    attempts,
  };
}

/** Fisher–Yates with the run's PRNG, so the order requests hit the catalogue in a reproducible spread. */
function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    const current = copy[index];
    const swapped = copy[other];
    if (current === undefined || swapped === undefined) continue;
    copy[index] = swapped;
    copy[other] = current;
  }
  return copy;
}

function newest<T extends { createdAt: Date }>(items: T[]): T | undefined {
  return items.reduce<T | undefined>((best, item) => (!best || item.createdAt > best.createdAt ? item : best), undefined);
}

function writeManifest(file: string, options: Options, database: string, seeded: Seeded): void {
  // The newest course of class five is on the first page of /classes/five, as a visitor would find it.
  const course = newest(seeded.courses.filter((item) => item.classCourse === 'classFive')) ?? newest(seeded.courses);
  const book = newest(seeded.books);
  const blog = newest(seeded.blogs);
  const instructor = newest(seeded.instructors);
  if (!course || !book || !blog) throw new Error('The manifest needs at least one course, book and blog');
  const titles = seeded.courses.map((item) => normalizeSearchText(item.title));
  const manifest: BenchManifest = {
    database,
    seed: options.seed,
    counts: {
      courses: seeded.courses.length,
      books: seeded.books.length,
      blogs: seeded.blogs.length,
      instructors: options.instructors,
      users: seeded.users.length + 1 + options.buyers,
      reviews: seeded.reviews.length,
      orders: seeded.written,
    },
    courseDetailPath: `/${course.classCourse}/coursesInfo/${course._id.toHexString()}`,
    bookDetailPath: `/book/${book._id.toHexString()}`,
    blogDetailPath: `/blog/${blog._id.toHexString()}`,
    instructorPath: SUBJECT_PAGES.find((page) => page.subject === instructor?.Subject)?.href ?? '/instructor',
    // Courses only: a bench book has no stored file, so it is not on sale (a book is sold only with its file).
    orderItemIds: shuffled(createRandom(options.seed + 1), seeded.items.filter((item) => item.kind === 'course').map((item) => item.id.toHexString())),
    buyers: { emails: Array.from({ length: options.buyers }, (_, index) => buyerEmail(index)), password: BENCH_USER.password },
    searchTerms: SEARCH_TERMS.map((term) => ({ term, matches: titles.filter((title) => title.includes(term)).length })),
    benchUser: { email: BENCH_USER.email, password: BENCH_USER.password, orders: seeded.benchOrders },
    audiobook: seeded.audiobook,
    learning: seeded.learning,
    timings: seeded.timings,
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`  manifest written to ${file}`);
}

async function main(): Promise<number> {
  try {
    await run(parseOptions(process.argv.slice(2)));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) console.error(error.message);
    else console.error(`Benchmark seed failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    await closeDb();
  }
}

// Exit explicitly: the argon2 worker pool must not keep a finished script alive.
main().then((code) => process.exit(code));
