import 'server-only';
import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { cache } from 'react';
import { curriculumTotals, lessonsOf } from '@/lib/curriculum';
import { routing } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { titleTranslations, translated } from '@/lib/translated-content';
import type { ItemText, Translations } from '@/lib/translated-content';
import { certificateIdSchema } from '@/lib/schemas/certificates';
import { findCourseForBuyers } from '../catalogue/admin/unlisting';
import { toCertificate } from './certificate-records';
import type { Certificate } from './certificate-records';
import { collection, isDuplicateKey, withDb } from '../platform/db';
import type { CertificateDocument, CourseProgressDocument } from '../platform/documents';
import type { LearningCourse } from './learning';
import { hasPaidOrder } from '../commerce/orders';
import { courseProgressKey } from './progress-document';
import { findUserById } from '../accounts/users';

// Certificates of completion: a buyer who completed every lesson of a course (a quiz
// counts once passed) earns one, with what it says copied at that moment. Anyone may check one at
// its public address, so ids are 128 random bits, and certificates are read by `_id` alone (see the
// workarounds named in server/platform/db.ts). The unique {userId, courseId} index makes
// issuing exactly-once however many requests finish the course at the same time.

export type { Certificate } from './certificate-records';
export { reinstateCertificate, withdrawCertificate } from './certificate-records';

function newCertificateId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * When the last lesson of the course was completed, or null while any lesson is not. Lessons the
 * curriculum no longer has do not count; a course without lessons is never complete.
 */
export function completionDate(course: Pick<LearningCourse, 'curriculum'>, progress: Pick<CourseProgressDocument, 'lessons'>): Date | null {
  const lessons = lessonsOf(course.curriculum);
  if (lessons.length === 0) return null;
  let latest: Date | null = null;
  for (const lesson of lessons) {
    const completedAt = progress.lessons?.[lesson.id]?.completedAt;
    if (!completedAt) return null;
    if (!latest || completedAt > latest) latest = completedAt;
  }
  return latest;
}

/** Inserts the certificate; when another request issued this learner's first, answers that one's id. */
async function insertOrFindCertificate(certificate: CertificateDocument): Promise<string> {
  return withDb(async () => {
    const certificates = await collection('certificates');
    try {
      await certificates.insertOne(certificate);
      return certificate._id;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // The rare race: the one query not by _id, through the unique index that refused the insert.
      const existing = await certificates.findOne({ userId: certificate.userId, courseId: certificate.courseId }, { projection: { _id: 1 } });
      if (!existing) throw error;
      return existing._id;
    }
  });
}

/**
 * Issues the learner's certificate of the course once `progress` (their document, just written)
 * shows every lesson completed. Only buyers earn one: an admin looking through a course does not.
 * Answers the certificate's id, or null while there is none to issue. Safe to call again and
 * concurrently: a learner has at most one certificate per course.
 */
export async function issueCertificateIfComplete(learnerId: string, course: LearningCourse, progress: CourseProgressDocument): Promise<string | null> {
  if (progress.certificateId) return progress.certificateId;
  const userId = new ObjectId(learnerId);
  const courseId = new ObjectId(course.id);
  if (progress._id !== courseProgressKey(userId, courseId)) throw new Error(`Progress ${progress._id} is not ${learnerId}'s in course ${course.id}`);
  const completedAt = completionDate(course, progress);
  if (!completedAt) return null;
  const [paid, user] = await Promise.all([hasPaidOrder({ id: learnerId }, course.id), findUserById(learnerId)]);
  if (!paid || !user) return null;

  const certificateId = await insertOrFindCertificate({
    _id: newCertificateId(),
    userId,
    courseId,
    learnerName: user.name,
    courseTitle: course.title,
    ...courseTitleTranslations(course.translations),
    instructorName: course.instructorName,
    courseLengthSeconds: curriculumTotals(course.curriculum).seconds,
    completedAt,
    issuedAt: new Date(),
  });
  // My Collection and the player learn of it from the progress they read anyway.
  await withDb(async () => (await collection('courseProgress')).updateOne({ _id: progress._id }, { $set: { certificateId } }));
  return certificateId;
}

/** The course's translated titles, kept on a certificate as they are when it is issued. */
function courseTitleTranslations(translations: Translations<ItemText> | undefined): Pick<CertificateDocument, 'translations'> {
  const titles = Object.entries(titleTranslations(translations).translations ?? {});
  return titles.length > 0 ? { translations: Object.fromEntries(titles.map(([locale, text]) => [locale, { courseTitle: text?.title }])) } : {};
}

/** The certificate of this id, withdrawn or not; null for an unknown or malformed id (which never reaches the database). */
export const findCertificate = cache(async (id: string): Promise<Certificate | null> => {
  const parsed = certificateIdSchema.safeParse(id);
  if (!parsed.success) return null;
  const document = await withDb(async () => (await collection('certificates')).findOne({ _id: parsed.data }));
  return document ? toCertificate(document) : null;
});

/**
 * The certificate as shown in `locale`: with the course's title in that language as it was when
 * issued, or, for a certificate from before those were kept, the course's own now; else in English.
 */
export async function certificateInLocale(certificate: Certificate, locale: Locale): Promise<Certificate> {
  if (locale === routing.defaultLocale) return certificate;
  const kept = certificate.courseTitles[locale];
  if (kept) return { ...certificate, courseTitle: kept };
  const found = await findCourseForBuyers(new ObjectId(certificate.courseId), { translations: 1 });
  return { ...certificate, courseTitle: translated(certificate.courseTitle, found?.course.translations, 'title', locale) };
}
