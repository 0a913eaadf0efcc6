import 'server-only';
import { centsToDollars } from '@/lib/format';
import { courseCounts } from '../learning/curriculum';
import type { BlogDocument, BookDocument, CourseDocument, InstructorDocument } from '../platform/documents';
import { absoluteImageAddress } from './legacy-images';
import type { Notice } from '../accounts/notifications';
import type { Review } from '../reviews/reviews';

// The old Express server answered its stored documents as they were; old clients read those
// field names (docs/legacy-api.md "Old document shapes"). These mappers rebuild exactly that shape from
// today's documents: `_id` as a hex string, `price` in dollars from `priceCents`, and nothing the
// old documents did not have (no cents, no timestamps, no user ids). Image fields are absolute
// addresses, since old clients show them from another origin (server/legacy/legacy-images.ts).

export function toLegacyCourse(document: CourseDocument) {
  return {
    _id: document._id.toHexString(),
    classCourse: document.classCourse,
    img: absoluteImageAddress(document.img),
    title: document.title,
    price: centsToDollars(document.priceCents),
    state: document.state,
    ShortDescription: document.ShortDescription,
    instructorImg: absoluteImageAddress(document.instructorImg),
    instructorName: document.instructorName,
    education: document.education,
    objective: document.objective,
    about: document.about,
    syllabus: document.syllabus,
    video: document.video,
    promoCode: document.promoCode,
    Enrolled: document.Enrolled,
    ...courseCounts(document),
  };
}

/** Writer slots 2–4 are optional today; the old documents always had every key, empty when unused. */
export function toLegacyBook(document: BookDocument) {
  return {
    _id: document._id.toHexString(),
    bookName: document.bookName,
    img: absoluteImageAddress(document.img),
    state: document.state,
    writerImg: absoluteImageAddress(document.writerImg),
    writerImg2: absoluteImageAddress(document.writerImg2 ?? ''),
    writerImg3: absoluteImageAddress(document.writerImg3 ?? ''),
    writerImg4: absoluteImageAddress(document.writerImg4 ?? ''),
    writerName1: document.writerName1,
    writerName2: document.writerName2 ?? '',
    writerName3: document.writerName3 ?? '',
    writerName4: document.writerName4 ?? '',
    educationWriter1: document.educationWriter1,
    educationWriter2: document.educationWriter2 ?? '',
    educationWriter3: document.educationWriter3 ?? '',
    educationWriter4: document.educationWriter4 ?? '',
    objective: document.objective,
    about: document.about,
    page: document.page,
    interactive: document.interactive,
    formate: document.formate,
    filesize: document.filesize,
    price: centsToDollars(document.priceCents),
  };
}

export function toLegacyBlog(document: BlogDocument) {
  return {
    _id: document._id.toHexString(),
    title: document.title,
    img: absoluteImageAddress(document.img),
    date: document.date,
    writerName: document.writerName,
    description: document.description,
  };
}

export function toLegacyInstructor(document: InstructorDocument) {
  return {
    _id: document._id.toHexString(),
    Subject: document.Subject,
    name: document.name,
    img: absoluteImageAddress(document.img),
    education: document.education,
    facebook: document.facebook,
    linkedin: document.linkedin,
    instagram: document.instagram,
    twitter: document.twitter,
  };
}

/** The review module already hides who wrote a review; only the date is left out here. */
export function toLegacyReview(review: Review) {
  return { _id: review.id, name: review.name, comment: review.comment, ratting: review.ratting, image: absoluteImageAddress(review.image) };
}

/** The old notices (`ccis`: title, `bookN`: bookName) carried a read `state`; today it is the caller's own. */
export function toLegacyNotice(notice: Notice) {
  const state = notice.read ? 'read' : 'unread';
  return notice.kind === 'course' ? { _id: notice.id, title: notice.title, state } : { _id: notice.id, bookName: notice.bookName, state };
}
