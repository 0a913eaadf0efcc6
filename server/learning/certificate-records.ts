import { firstIssueMessage } from '@/lib/coded-message';
import 'server-only';
import { ObjectId } from 'mongodb';
import { withdrawalSchema } from '@/lib/schemas/certificates';
import type { Locale } from '@/i18n/routing';
import { collection, withDb } from '../platform/db';
import type { CertificateDocument } from '../platform/documents';
import { HttpError } from '../platform/http';
import { courseProgressKey } from './progress-document';

// A certificate as stored, and the changes a refund and a purchase after it make to its standing.
// Apart from server/learning/certificates.ts (issuing, which asks whether the learner paid) so that
// fulfilment and refunds can use these without depending on orders.

export type Certificate = {
  id: string;
  userId: string;
  courseId: string;
  learnerName: string;
  /** The course's title when issued, in English. */
  courseTitle: string;
  /** Its titles in other languages then, by locale (none for a course without one, or a certificate issued before they were kept). */
  courseTitles: Partial<Record<Locale, string>>;
  instructorName: string;
  /** The course's length when completed, in seconds; null when the certificate predates it. */
  courseLengthSeconds: number | null;
  completedAt: Date;
  issuedAt: Date;
  /** Set once the order was refunded: the certificate no longer counts. */
  withdrawal: { at: Date; reason: string } | null;
};

export function toCertificate(document: CertificateDocument): Certificate {
  return {
    id: document._id,
    userId: document.userId.toHexString(),
    courseId: document.courseId.toHexString(),
    learnerName: document.learnerName,
    courseTitle: document.courseTitle,
    courseTitles: Object.fromEntries(Object.entries(document.translations ?? {}).flatMap(([locale, text]) => (text?.courseTitle ? [[locale, text.courseTitle]] : []))),
    instructorName: document.instructorName,
    courseLengthSeconds: document.courseLengthSeconds ?? null,
    completedAt: document.completedAt,
    issuedAt: document.issuedAt,
    withdrawal: document.withdrawnAt ? { at: document.withdrawnAt, reason: document.withdrawnReason ?? '' } : null,
  };
}

/** The id of the learner's certificate of the course, if they have one. */
async function certificateIdOf(userId: ObjectId, courseId: ObjectId): Promise<string | null> {
  return withDb(async () => {
    const progress = await (await collection('courseProgress')).findOne({ _id: courseProgressKey(userId, courseId) }, { projection: { certificateId: 1 } });
    if (!progress) return null;
    if (progress.certificateId) return progress.certificateId;
    // Issued, but the process stopped before noting it in the progress: the unique index answers.
    const issued = await (await collection('certificates')).findOne({ userId, courseId }, { projection: { _id: 1 } });
    return issued?._id ?? null;
  });
}

/**
 * The learner bought the course again after its refund: the certificate they earned counts again
 * (what they completed, and when, did not change). True when it was withdrawn and is not now.
 */
export async function reinstateCertificate(userId: ObjectId, courseId: ObjectId): Promise<boolean> {
  const id = await certificateIdOf(userId, courseId);
  if (!id) return false;
  const reinstated = await withDb(async () =>
    (await collection('certificates')).updateOne({ _id: id, withdrawnAt: { $exists: true } }, { $unset: { withdrawnAt: '', withdrawnReason: '' } }),
  );
  return reinstated.modifiedCount === 1;
}

/**
 * Withdraws the learner's certificate of the course (their order was refunded): its verification
 * page says so, with the reason, and its PDF is gone. Answers the certificate, or null when they
 * had none. Withdrawing again keeps the first withdrawal's date and reason.
 */
export async function withdrawCertificate(userId: string, courseId: string, reason: string): Promise<Certificate | null> {
  const parsed = withdrawalSchema.safeParse({ userId, courseId, reason });
  if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error.issues, 'invalidWithdrawal'));
  const id = await certificateIdOf(new ObjectId(parsed.data.userId), new ObjectId(parsed.data.courseId));
  if (!id) return null;
  const document = await withDb(async () => {
    const certificates = await collection('certificates');
    const withdrawn = await certificates.findOneAndUpdate(
      { _id: id, withdrawnAt: { $exists: false } },
      { $set: { withdrawnAt: new Date(), withdrawnReason: parsed.data.reason } },
      { returnDocument: 'after' },
    );
    return withdrawn ?? certificates.findOne({ _id: id });
  });
  return document ? toCertificate(document) : null;
}
