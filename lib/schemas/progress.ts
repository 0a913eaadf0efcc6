import { coded } from '@/lib/coded-message';
import { z } from 'zod';

const objectId = z.string().regex(/^[0-9a-f]{24}$/i, coded('unknownId'));

/** Longest position the player reports: a day of video is far past any lesson. */
export const MAX_POSITION_SECONDS = 24 * 60 * 60;

/** A device's own id for a progress event, so the event is recorded once however often it is sent. */
export const progressEventId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, coded('unknownId'));

/** POST /api/progress: where a learner is in a lesson, or that they finished it. */
export const progressSchema = z
  .object({
    courseId: objectId,
    lessonId: objectId,
    eventId: progressEventId.optional(),
    positionSeconds: z.number().finite().min(0).max(MAX_POSITION_SECONDS).optional(),
    completed: z.literal(true).optional(),
  })
  .strict()
  .refine((value) => value.positionSeconds !== undefined || value.completed !== undefined, {
    message: coded('sendPositionsecondsCompletedOrBoth'),
  });

export type ProgressInput = z.infer<typeof progressSchema>;
