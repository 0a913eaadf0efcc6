import 'server-only';
import { coded } from '@/lib/coded-message';

import { formatFileSize } from '@/lib/book-file-upload';
import { LESSON_UPLOAD_MAX_BYTES, LESSON_UPLOAD_PARTS } from '@/lib/schemas/curriculum';
import type { LessonUploadPart } from '@/lib/schemas/curriculum';
import { recordAudit } from '../../platform/audit';
import { FileTooLargeError, deleteChunks, writeChunks } from '../../platform/chunked-files';
import { collection, withDb } from '../../platform/db';
import type { StoredFileRef } from '../../platform/documents';
import { HttpError, objectIdFrom } from '../../platform/http';
import { revalidateCatalogue } from '../catalogue-cache';
import { authorize } from '../../accounts/permissions';
import type { Actor } from '../../accounts/permissions';
import { takeAdminWriteAllowance } from '../../platform/write-limits';
import { BookFileRejectedError } from './book-file-checks';
import { queueTranscode } from '../../learning/lesson-video/jobs';
import { courseLessonOrNotFound } from './course-lesson';
import { markLessonNotes } from './curriculum';
import { LESSON_FILE_HEAD_BYTES, UNSUPPORTED_LESSON_FILE, checkLessonFile, lessonFileName, lessonFileTypeOf } from './lesson-file-checks';
import { bodyAfter, declaredLength, readHead } from './raw-upload';

// A lesson's video, download or notes, sent as the raw request body and streamed into the
// database chunk by chunk (a 500 MB video never sits in memory). The type comes from the bytes;
// the earlier file is removed only once the new one is whole.

export type UploadedLessonFile = { part: LessonUploadPart; name: string; length: number; size: string };

type UploadTarget = { courseId: string; lessonId: string; part: string };

function isUploadPart(value: string): value is LessonUploadPart {
  return (LESSON_UPLOAD_PARTS as readonly string[]).includes(value);
}

function tooLarge(part: LessonUploadPart): HttpError {
  return new HttpError(413, coded('theFileMustBeAtMost', { size: formatFileSize(LESSON_UPLOAD_MAX_BYTES[part]) }));
}

export async function uploadLessonFile(
  actor: Actor,
  target: UploadTarget,
  body: ReadableStream<Uint8Array> | null,
  headers: { contentLength: string | null; fileName: string | null },
  { maxBytes }: { maxBytes?: number } = {},
): Promise<UploadedLessonFile> {
  authorize(actor, 'manageCatalogue');
  const courseId = objectIdFrom(target.courseId);
  const lessonId = objectIdFrom(target.lessonId);
  if (!isUploadPart(target.part)) throw new HttpError(400, 'uploadAVideoFileOrNotes');
  const part = target.part;
  const limit = maxBytes ?? LESSON_UPLOAD_MAX_BYTES[part];
  const expected = declaredLength(headers.contentLength);
  // Refused on the header alone, before a byte of the body is read.
  if (expected !== null && expected > limit) throw tooLarge(part);

  const { courseTitle, lesson } = await courseLessonOrNotFound(courseId, lessonId);
  if ((part === 'video' && lesson.kind !== 'video') || (part === 'file' && lesson.kind !== 'file')) {
    throw new HttpError(400, coded('thisLessonHasNoPartToUpload', { kind: lesson.kind, part }));
  }
  if (!body || expected === 0) throw new HttpError(400, 'chooseAFileToUpload');
  await takeAdminWriteAllowance(actor);

  const reader = body.getReader();
  let stored: StoredFileRef;
  try {
    const head = await readHead(reader, LESSON_FILE_HEAD_BYTES);
    if (head.byteLength === 0) throw new HttpError(400, 'chooseAFileToUpload');
    const type = lessonFileTypeOf(head, part, headers.fileName ?? '');
    if (!type) throw new HttpError(415, UNSUPPORTED_LESSON_FILE[part]);
    const written = await writeChunks('lessonFileChunks', checkLessonFile(bodyAfter(head, reader, expected), type), limit);
    stored = { ...written, name: lessonFileName(headers.fileName, lesson.title, type.extension), contentType: type.contentType };
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (error instanceof FileTooLargeError) throw tooLarge(part);
    if (error instanceof BookFileRejectedError) throw new HttpError(415, UNSUPPORTED_LESSON_FILE[part]);
    throw error;
  }

  const previous = await withDb(async () =>
    (await collection('lessons')).findOneAndUpdate(
      { _id: lessonId },
      // An uploaded video replaces a YouTube address.
      { $set: { [part]: stored, courseId, kind: lesson.kind, updatedAt: new Date() }, ...(part === 'video' ? { $unset: { youtubeUrl: '' } } : {}) },
      { upsert: true, returnDocument: 'before' },
    ),
  );
  const replaced = previous?.[part];
  if (replaced) await deleteChunks('lessonFileChunks', replaced.fileId);
  // Learners get the new video once its streaming ladder is made; the old ladder plays until then.
  if (part === 'video') await queueTranscode(lessonId, courseId, stored);
  const size = formatFileSize(stored.length);
  if (part === 'notes') await markLessonNotes(actor, courseId, lessonId.toHexString(), stored.name);
  await recordAudit({
    actor,
    action: 'upload-file',
    entity: 'course',
    entityId: courseId.toHexString(),
    summary: `Uploaded the ${part} “${stored.name}” (${size}) of the lesson “${lesson.title}” in “${courseTitle}”`,
  });
  await revalidateCatalogue('course', [courseId.toHexString()]);
  return { part, name: stored.name, length: stored.length, size };
}

