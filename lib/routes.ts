// Which pages need what (docs/architecture.md: the catalogue is public; buying and accounts need sign-in;
// every create/update/delete and user management needs the admin role). The proxy redirects
// early with these; every page, action and handler re-checks on the server.

import type { Permission } from './permissions';

const SIGNED_IN_PATTERNS: RegExp[] = [
  /^\/myOrder\/?$/,
  /^\/myCollection\/?$/,
  /^\/myCollection\/books\/[^/]+\/?$/,
  /^\/myProfile\/?$/,
  /^\/addReviwe\/?$/,
  /^\/addReview\/?$/,
  /^\/notifications\/?$/,
  /^\/payment\/[^/]+\/?$/,
];

/** Staff pages and the permission each needs (lib/permissions.ts); the first match decides. */
const PERMISSION_PATTERNS: [RegExp, Permission][] = [
  [/^\/addCourse\/?$/, 'manageCatalogue'],
  [/^\/addBook\/?$/, 'manageCatalogue'],
  [/^\/addBlog\/?$/, 'manageCatalogue'],
  [/^\/addInstructor\/?$/, 'manageCatalogue'],
  [/^\/updateBook\/[^/]+\/?$/, 'manageCatalogue'],
  [/^\/updateBlog\/[^/]+\/?$/, 'manageCatalogue'],
  [/^\/[^/]+\/update\/[^/]+\/?$/, 'manageCatalogue'],
  [/^\/[^/]+\/newAdd\/[^/]+\/?$/, 'manageCatalogue'],
  [/^\/admin\/drafts\/?$/, 'manageCatalogue'],
  [/^\/users\/?$/, 'manageUsers'],
  [/^\/admin\/(sales|audit|sms)\/?$/, 'viewBusinessRecords'],
  [/^\/admin\/reviews\/?$/, 'moderateReviews'],
  [/^\/admin\/refunds\/?$/, 'refundOrders'],
  [/^\/admin\/payments\/?$/, 'reviewPayments'],
  [/^\/admin\/promo-codes\/?$/, 'managePromotions'],
  // Any other admin address (a mistyped one) is for staff who manage the catalogue.
  [/^\/admin(\/.*)?$/, 'manageCatalogue'],
];

/** Who may open a page: everyone, any signed-in account, or accounts holding a permission. */
export type Access = 'public' | 'signed-in' | { permission: Permission };

export function accessFor(pathname: string): Access {
  const permission = PERMISSION_PATTERNS.find(([pattern]) => pattern.test(pathname))?.[1];
  if (permission) return { permission };
  if (SIGNED_IN_PATTERNS.some((pattern) => pattern.test(pathname))) return 'signed-in';
  return 'public';
}

export function loginUrl(from?: string): string {
  return from && from !== '/' ? `/login?from=${encodeURIComponent(from)}` : '/login';
}

export const routes = {
  home: '/',
  login: '/login',
  register: '/register',
  searchCourse: (term: string) => `/searchCourse/${encodeURIComponent(term)}`,
  courseDetail: (list: string, id: string) => `/${list}/coursesInfo/${id}`,
  book: (id: string) => `/book/${id}`,
  blog: (id: string) => `/blog/${id}`,
  /** The lesson player: a course's address resumes where the learner left off. */
  learn: (courseId: string, lessonId?: string) => (lessonId ? `/learn/${courseId}/${lessonId}` : `/learn/${courseId}`),
  /** An order's payment page; once paid, its receipt. */
  payment: (orderId: string) => `/payment/${orderId}`,
  /**
   * Where a buyer goes the moment an order is paid: into the course (its first or next lesson) or to
   * the book's page in My Collection, which then confirm the purchase (`welcome`: the order's id).
   */
  afterPurchase: (order: { id: string; itemId: string; itemKind: 'course' | 'book' }) =>
    order.itemKind === 'course' ? `/learn/${order.itemId}?welcome=${order.id}` : `/myCollection/books/${order.itemId}?welcome=${order.id}`,
  /** A bought book's page in My Collection: the PDF in the reader, or the MP3's listen page. */
  bookShelf: (bookId: string) => `/myCollection/books/${bookId}`,
  /** A bought book's file (buyer only; Range for the reader, the player and resumed downloads). */
  bookFile: (bookId: string) => `/api/books/${bookId}/file`,
  /** A course's Update Course page, opened at its curriculum editor (where Add Course leads). */
  courseCurriculum: (list: string, id: string) => `/${list}/update/${id}#curriculum`,
  lessonMedia: (courseId: string, lessonId: string, part: 'video' | 'file' | 'notes') => `/api/learn/${courseId}/${lessonId}/${part}`,
  /** A lesson video's streaming ladder: a signed master playlist address and its rungs (GET, JSON). */
  lessonStream: (courseId: string, lessonId: string) => `/api/learn/${courseId}/${lessonId}/stream`,
  /** A lesson video's captions (`vtt`, versioned for the browser's cache) or its transcript to download (`txt`). */
  lessonCaptions: (courseId: string, lessonId: string, locale: string, format: 'vtt' | 'txt', version?: string) =>
    `/api/learn/${courseId}/${lessonId}/captions/${locale}.${format}${version ? `?v=${version}` : ''}`,
  lessonCaptionsUpload: (courseId: string, lessonId: string, language: string) => `/api/uploads/lesson-captions?${new URLSearchParams({ courseId, lessonId, language })}`,
  /** Where the player reports how a playback went. */
  lessonPlayback: (courseId: string, lessonId: string) => `/api/learn/${courseId}/${lessonId}/playback`,
  /** A certificate of completion's public verification page, and its PDF. */
  certificate: (id: string) => `/certificates/${id}`,
  certificatePdf: (id: string) => `/certificates/${id}/pdf`,
} as const;
