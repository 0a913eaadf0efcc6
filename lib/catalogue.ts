// The fixed lists the whole product reads: course lists, their page routes, instructor subjects.
// Pages, forms, the API and the seed all import these, so a list name exists in exactly one place.

export const ACADEMIC_LISTS = [
  'classOne', 'classTwo', 'classThree', 'classFour', 'classFive', 'classSix',
  'classSeven', 'classEight', 'classNine', 'classTen', 'classEleven', 'classTwelve',
] as const;

export const SKILL_LISTS = [
  'freeCourse', 'discountCourse', 'liveCourse', 'specialCourse',
  'islamicCourse', 'kidsCourse', 'entertainCourse',
] as const;

export const COURSE_LISTS = [...ACADEMIC_LISTS, ...SKILL_LISTS] as const;
export type CourseList = (typeof COURSE_LISTS)[number];

export function isCourseList(value: string): value is CourseList {
  return (COURSE_LISTS as readonly string[]).includes(value);
}

/**
 * `label` is the list's English name, for the admin forms, promo codes and e-mails; pages show the
 * `lists.course` message named by `list` instead, in the reader's language.
 */
export type ListPage = { list: CourseList; slug: string; href: string; label: string };

const CLASS_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** /classes is class 1; /classes/two … /classes/twelve; eleven is labelled "Class 11-12" (docs/product.md §2). */
export const ACADEMIC_PAGES: ListPage[] = ACADEMIC_LISTS.map((list, index) => {
  const slug = CLASS_WORDS[index] ?? String(index + 1);
  return {
    list,
    slug,
    href: index === 0 ? '/classes' : `/classes/${slug}`,
    label: index === 10 ? 'Class 11-12' : `Class ${index + 1}`,
  };
});

/** /courses is the free list; the other slugs keep the old client's spelling (docs/product.md §2). */
export const SKILL_PAGES: ListPage[] = [
  { list: 'freeCourse', slug: '', href: '/courses', label: 'Free Course' },
  { list: 'discountCourse', slug: 'discountCourse', href: '/courses/discountCourse', label: 'Discount Course' },
  { list: 'liveCourse', slug: 'liveCourse', href: '/courses/liveCourse', label: 'Live Course' },
  { list: 'specialCourse', slug: 'specialCourse', href: '/courses/specialCourse', label: 'Crash Course' },
  { list: 'islamicCourse', slug: 'IslamicCourse', href: '/courses/IslamicCourse', label: 'Islamic Course' },
  { list: 'kidsCourse', slug: 'KidsCourse', href: '/courses/KidsCourse', label: 'Kids Course' },
  { list: 'entertainCourse', slug: 'EntertainingCourse', href: '/courses/EntertainingCourse', label: 'Entertaining Course' },
];

export const LIST_PAGES: ListPage[] = [...ACADEMIC_PAGES, ...SKILL_PAGES];

export function listPageFor(list: CourseList): ListPage {
  const page = LIST_PAGES.find((candidate) => candidate.list === list);
  if (!page) throw new Error(`No page for course list ${list}`);
  return page;
}

export const SUBJECTS = [
  'Bengali', 'Biology', 'Chemistry', 'English', 'Finance', 'Mathematics', 'Physics', 'Programming', 'Religion',
] as const;
export type Subject = (typeof SUBJECTS)[number];

/**
 * /instructor is Bengali; the other slugs are lower-case, "religious" for Religion (docs/product.md §2). Pages
 * name a subject by its `lists.subject` message.
 */
export const SUBJECT_PAGES: { subject: Subject; slug: string; href: string }[] = [
  { subject: 'Bengali', slug: '', href: '/instructor' },
  { subject: 'English', slug: 'english', href: '/instructor/english' },
  { subject: 'Mathematics', slug: 'mathematics', href: '/instructor/mathematics' },
  { subject: 'Chemistry', slug: 'chemistry', href: '/instructor/chemistry' },
  { subject: 'Physics', slug: 'physics', href: '/instructor/physics' },
  { subject: 'Biology', slug: 'biology', href: '/instructor/biology' },
  { subject: 'Finance', slug: 'finance', href: '/instructor/finance' },
  { subject: 'Religion', slug: 'religious', href: '/instructor/religious' },
  { subject: 'Programming', slug: 'programming', href: '/instructor/programming' },
];

export const BOOK_FORMATS = ['PDF', 'MP3'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];
export const INTERACTIVE_VALUES = ['YES', 'NO'] as const;

export const LIMITS = {
  passwordMin: 6,
  blogExcerpt: 255,
  reviewCommentMax: 120,
  ratingMin: 0,
  ratingMax: 5,
  priceMinDollars: 1,
  /** A paid item's taka price: SSLCommerz takes nothing under ৳10; the ceiling is far above any course or book. */
  priceMinTaka: 10,
  priceMaxTaka: 500_000,
  nameMax: 80,
  emailMax: 254,
  passwordMax: 128,
} as const;

export const CONTACT = {
  phone: '+880 1700-000000',
  email: 'support@knowledgezone.example',
  office: 'Dhaka, Bangladesh',
} as const;
