import { firstIssueMessage } from '@/lib/coded-message';
import 'server-only';
import { ObjectId } from 'mongodb';
import { z } from 'zod';
import { CAPTIONS_MAX_BYTES, captionsToVtt, parseCaptions, transcriptText } from '@/lib/captions';
import { LANGUAGE_NAMES, isLocale, routing } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { lessonIn } from '@/lib/curriculum';
import { routes } from '@/lib/routes';
import { recordAudit } from '../../platform/audit';
import { collection, withDb } from '../../platform/db';
import type { LessonCaptionsDocument, LessonCaptionsSummary, LessonDocument } from '../../platform/documents';
import { HttpError, objectIdFrom } from '../../platform/http';
import { openLesson } from '../learning';
import type { Learner } from '../learning';
import { courseLessonOrNotFound } from '../../catalogue/admin/course-lesson';
import { lessonFileName } from '../../catalogue/admin/lesson-file-checks';
import { authorize } from '../../accounts/permissions';
import type { Actor } from '../../accounts/permissions';
import { dispositionFor } from '../../platform/ranged-response';
import { BodyTooLargeError, readLimitedBody } from '../../platform/read-limited-body';
import { takeAdminWriteAllowance } from '../../platform/write-limits';

// A lesson video's captions, one file per language. The words live in `lessonCaptions`, one
// document per lesson and language read by `_id` alone; the lesson keeps only which languages it
// has (`captions.{locale}`), so opening a lesson or the curriculum editor never reads the words.

export type CaptionsTarget = { courseId: string; lessonId: string; language: string };

const targetSchema = z.object({
  courseId: z.string(),
  lessonId: z.string(),
  language: z.enum(routing.locales, { error: 'chooseTheCaptionsLanguage' }),
});

function captionsId(lessonId: ObjectId, locale: string): string {
  return `${lessonId.toHexString()}:${locale}`;
}

/** The lesson a captions change is for: its video lesson, or 404 / 400. */
async function videoLessonOf(target: CaptionsTarget) {
  const parsed = targetSchema.safeParse(target);
  if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error.issues, 'chooseTheCaptionsLanguage'));
  const courseId = objectIdFrom(parsed.data.courseId);
  const lessonId = objectIdFrom(parsed.data.lessonId);
  const { courseTitle, lesson } = await courseLessonOrNotFound(courseId, lessonId);
  if (lesson.kind !== 'video') throw new HttpError(400, 'onlyAVideoLessonHasCaptions');
  return { courseId, lessonId, locale: parsed.data.language, courseTitle, lessonTitle: lesson.title };
}

/**
 * Stores an admin's WebVTT or SRT file as the lesson's captions in `language` (replacing any), as
 * WebVTT; a file that is not captions, or has a broken cue, is refused with the reason.
 */
export async function uploadLessonCaptions(
  actor: Actor,
  target: CaptionsTarget,
  body: ReadableStream<Uint8Array> | null,
  /** The X-File-Name header: the file's URI-encoded name. */
  fileName: string | null,
): Promise<LessonCaptionsSummary & { locale: Locale }> {
  authorize(actor, 'manageCatalogue');
  const lesson = await videoLessonOf(target);
  let bytes: Buffer;
  try {
    bytes = await readLimitedBody(body, CAPTIONS_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new HttpError(413, 'aCaptionsFileMustBeAtMost1Mb');
    throw error;
  }
  if (bytes.byteLength === 0) throw new HttpError(400, 'chooseAFileToUpload');
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(415, 'saveTheCaptionsAsUtf8TextWebvttOrSrt');
  }
  const parsed = parseCaptions(source);
  if (!parsed.ok) throw new HttpError(422, parsed.error);
  await takeAdminWriteAllowance(actor);

  const summary: LessonCaptionsSummary = { name: lessonFileName(fileName, `${lesson.lessonTitle} captions`, 'vtt'), cueCount: parsed.cues.length, updatedAt: new Date() };
  await withDb(async () => {
    await (await collection('lessonCaptions')).replaceOne(
      { _id: captionsId(lesson.lessonId, lesson.locale) },
      { lessonId: lesson.lessonId, courseId: lesson.courseId, locale: lesson.locale, cues: parsed.cues, updatedAt: summary.updatedAt },
      { upsert: true },
    );
    await (await collection('lessons')).updateOne(
      { _id: lesson.lessonId },
      { $set: { [`captions.${lesson.locale}`]: summary, courseId: lesson.courseId, kind: 'video', updatedAt: new Date() } },
      { upsert: true },
    );
  });
  await recordAudit({
    actor,
    action: 'upload-file',
    entity: 'course',
    entityId: lesson.courseId.toHexString(),
    summary: `Uploaded ${LANGUAGE_NAMES[lesson.locale]} captions “${summary.name}” (${summary.cueCount} captions) for the lesson “${lesson.lessonTitle}” in “${lesson.courseTitle}”`,
  });
  return { ...summary, locale: lesson.locale };
}

/** Removes the lesson's captions in `language`; false when it had none. */
export async function removeLessonCaptions(actor: Actor, target: CaptionsTarget): Promise<boolean> {
  authorize(actor, 'manageCatalogue');
  const lesson = await videoLessonOf(target);
  await takeAdminWriteAllowance(actor);
  const removed = await withDb(async () => {
    const changed = await (await collection('lessons')).updateOne({ _id: lesson.lessonId, [`captions.${lesson.locale}`]: { $exists: true } }, { $unset: { [`captions.${lesson.locale}`]: '' } });
    await (await collection('lessonCaptions')).deleteOne({ _id: captionsId(lesson.lessonId, lesson.locale) });
    return changed.modifiedCount > 0;
  });
  if (removed) {
    await recordAudit({
      actor,
      action: 'delete',
      entity: 'course',
      entityId: lesson.courseId.toHexString(),
      summary: `Removed the ${LANGUAGE_NAMES[lesson.locale]} captions of the lesson “${lesson.lessonTitle}” in “${lesson.courseTitle}”`,
    });
  }
  return removed;
}

/** A lesson's captions in `locale` (the words and when they were uploaded), or null when it has none. */
async function readLessonCaptions(lessonId: ObjectId, locale: string): Promise<Pick<LessonCaptionsDocument, 'cues' | 'updatedAt'> | null> {
  return withDb(async () => (await collection('lessonCaptions')).findOne({ _id: captionsId(lessonId, locale) }, { projection: { cues: 1, updatedAt: 1 } }));
}

/** The captions a lesson's player offers, one track per language, at versioned addresses. */
export function captionTracksOf(content: Pick<LessonDocument, 'captions'>, courseId: string, lessonId: string): { locale: Locale; src: string }[] {
  return routing.locales.flatMap((locale) => {
    const summary = content.captions?.[locale];
    return summary ? [{ locale, src: routes.lessonCaptions(courseId, lessonId, locale, 'vtt', captionsVersion(summary)) }] : [];
  });
}

/**
 * The transcript made from the lesson's captions: in `locale` when it has them there, else in the
 * default language; null when it has neither. Its lines and the address of its text file.
 */
export async function captionTranscriptOf(
  content: Pick<LessonDocument, '_id' | 'captions'>,
  courseId: string,
  locale: string,
): Promise<{ locale: Locale; cues: { start: number; text: string }[]; download: string } | null> {
  const language = [locale, routing.defaultLocale].find((candidate): candidate is Locale => isLocale(candidate) && Boolean(content.captions?.[candidate]));
  if (!language) return null;
  const cues = (await readLessonCaptions(content._id, language))?.cues;
  if (!cues) return null;
  const lessonId = content._id.toHexString();
  return { locale: language, cues: cues.map(({ start, text }) => ({ start, text })), download: routes.lessonCaptions(courseId, lessonId, language, 'txt') };
}

/** Removes a deleted lesson's captions in every language. */
export async function forgetLessonCaptions(lessonId: ObjectId): Promise<void> {
  await withDb(async () => (await collection('lessonCaptions')).deleteMany({ _id: { $in: routing.locales.map((locale) => captionsId(lessonId, locale)) } }));
}

/** `bn.vtt` (the captions a player shows) or `bn.txt` (the transcript to download). */
const CAPTIONS_FILE = /^([a-z]{2,3})\.(vtt|txt)$/;

/** A captions address's version: the upload's time, so a new upload is a new address. */
export function captionsVersion(summary: LessonCaptionsSummary): string {
  return String(summary.updatedAt.getTime());
}

/**
 * GET /api/learn/{courseId}/{lessonId}/captions/{locale}.{vtt|txt}: the lesson's captions as WebVTT,
 * or its transcript as a text file, for whoever may open the lesson. An address with the current
 * version (`?v=`) is kept by the browser for good; a re-upload changes the address.
 */
export async function lessonCaptionsResponse(learner: Learner, courseId: string, lessonId: string, file: string, version: string | null): Promise<Response> {
  objectIdFrom(courseId);
  const lessonObjectId = objectIdFrom(lessonId);
  const [, locale, format] = CAPTIONS_FILE.exec(file) ?? [];
  if (!isLocale(locale)) throw new HttpError(404, 'notFound');
  const opened = await openLesson(learner, courseId, lessonId);
  if (opened.status === 'not-found') throw new HttpError(404, 'lessonNotFound');
  if (opened.status === 'locked') throw new HttpError(learner ? 403 : 401, 'buyTheCourseToTakeThisLesson');
  const document = await readLessonCaptions(lessonObjectId, locale);
  if (!document) throw new HttpError(404, 'thisLessonHasNoCaptionsInThatLanguage');
  const current = version === String(document.updatedAt.getTime());
  const headers = { 'Cache-Control': current ? 'private, max-age=31536000, immutable' : 'private, no-cache', 'X-Content-Type-Options': 'nosniff' };
  if (format === 'vtt') return new Response(captionsToVtt(document.cues), { headers: { ...headers, 'Content-Type': 'text/vtt; charset=utf-8' } });
  const title = lessonIn(opened.lesson, locale).title;
  return new Response(transcriptText(title, document.cues), {
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': dispositionFor(`${title} (${LANGUAGE_NAMES[locale]}).txt`, 'attachment') },
  });
}
