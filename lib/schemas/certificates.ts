import { coded, composedCode } from '@/lib/coded-message';
import { z } from 'zod';
import { isCertificateId } from '@/lib/certificates';

const objectId = z.string().regex(/^[0-9a-f]{24}$/i, coded('unknownId'));

/** A certificate's id as it arrives in an address; anything else is an unknown certificate. */
export const certificateIdSchema = z.string().refine(isCertificateId, coded('unknownCertificate'));

/** Longest reason a withdrawal keeps; it is shown on the public verification page. */
export const WITHDRAWAL_REASON_MAX = 300;

/** Withdrawing a learner's certificate of a course (a refund): the reason is shown to anyone who checks it. */
export const withdrawalSchema = z.strictObject({
  userId: objectId,
  courseId: objectId,
  reason: z.string().trim().min(1, coded('giveAReason')).max(WITHDRAWAL_REASON_MAX, composedCode(`Must be at most ${WITHDRAWAL_REASON_MAX} characters`)),
});

export type WithdrawalInput = z.infer<typeof withdrawalSchema>;
