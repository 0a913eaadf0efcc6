import 'server-only';
import { z } from 'zod';
import { objectIdParam } from '@/lib/schemas/legacy';
import { lessonAddSchema, lessonUpdateSchema, sectionTitleSchema } from '@/lib/schemas/curriculum';
import { progressSchema } from '@/lib/schemas/progress';
import type { Operation } from './operation';

// The learning endpoints: curricula (read by anyone, edited by admins), lesson media, progress.

const message = z.object({ message: z.string() });
const courseParams = z.object({ courseId: objectIdParam });
const lessonParams = z.object({ courseId: objectIdParam, lessonId: objectIdParam });
const created = z.object({ id: z.string() });

const lessonOutline = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['video', 'article', 'file']),
  durationSeconds: z.number().optional(),
  freePreview: z.boolean(),
  hasTranscript: z.boolean(),
  hasNotes: z.boolean(),
});
const curriculumAnswer = z.object({
  courseId: z.string(),
  title: z.string(),
  totals: z.object({ sections: z.number(), lessons: z.number(), videos: z.number(), notes: z.number(), transcripts: z.number(), seconds: z.number() }),
  sections: z.array(z.object({ id: z.string(), title: z.string(), lessons: z.array(lessonOutline) })),
});

export const LEARNING_OPERATIONS: Operation[] = [
  { method: 'get', path: '/api/curriculum/{courseId}', tag: 'learning', summary: "A course's curriculum outline: sections, lessons (type, duration, free preview) and totals; unlisted courses too, for their buyers' apps", access: 'public', params: courseParams, responses: { '200': { description: 'The outline', schema: curriculumAnswer }, '404': { description: 'Unknown course', schema: message } } },
  { method: 'post', path: '/api/curriculum/{courseId}/sections', tag: 'learning', summary: 'Add a section at the end of the curriculum', access: 'admin', params: courseParams, body: sectionTitleSchema, responses: { '201': { description: 'Added', schema: created }, '404': { description: 'Unknown course', schema: message }, '409': { description: 'Changed by someone else at the same moment; try again', schema: message } } },
  { method: 'delete', path: '/api/curriculum/{courseId}/sections/{sectionId}', tag: 'learning', summary: 'Delete a section with its lessons and their files (refused when it would leave a course on sale without lessons)', access: 'admin', params: z.object({ courseId: objectIdParam, sectionId: objectIdParam }), responses: { '200': { description: 'Deleted', schema: z.object({ deleted: z.literal(true) }) }, '404': { description: 'Unknown course or section', schema: message }, '409': { description: 'The course is on sale and would have no lesson left', schema: message } } },
  { method: 'post', path: '/api/curriculum/{courseId}/lessons', tag: 'learning', summary: 'Add a video, article or file lesson at the end of a section', access: 'admin', params: courseParams, body: lessonAddSchema, responses: { '201': { description: 'Added', schema: created }, '404': { description: 'Unknown course or section', schema: message } } },
  { method: 'put', path: '/api/curriculum/{courseId}/lessons/{lessonId}', tag: 'learning', summary: 'Save a lesson: title, duration (minutes), free preview, Markdown article, YouTube address, transcript', access: 'admin', params: lessonParams, body: lessonUpdateSchema, responses: { '200': { description: 'Saved', schema: z.object({ updated: z.literal(true) }) }, '404': { description: 'Unknown course or lesson', schema: message } } },
  { method: 'delete', path: '/api/curriculum/{courseId}/lessons/{lessonId}', tag: 'learning', summary: 'Delete a lesson and its files (refused when it would leave a course on sale without lessons)', access: 'admin', params: lessonParams, responses: { '200': { description: 'Deleted', schema: z.object({ deleted: z.literal(true) }) }, '404': { description: 'Unknown course or lesson', schema: message }, '409': { description: 'The course is on sale and would have no lesson left', schema: message } } },
  { method: 'post', path: '/api/uploads/lesson-file', tag: 'learning', summary: "Store a lesson's video (MP4 or WebM, at most 500 MB), download (PDF, MP3, ZIP/Office, PNG, JPEG; 100 MB) or notes (PDF; 20 MB), sent as the raw request body with its name URI-encoded in X-File-Name; type judged by the bytes", access: 'admin', query: z.object({ courseId: objectIdParam, lessonId: objectIdParam, part: z.enum(['video', 'file', 'notes']) }), responses: { '201': { description: 'Stored', schema: z.object({ part: z.enum(['video', 'file', 'notes']), name: z.string(), length: z.number(), size: z.string() }) }, '400': { description: 'Malformed ids, or a part the lesson type has no use for', schema: message }, '404': { description: 'Unknown course or lesson', schema: message }, '413': { description: 'Larger than the part allows', schema: message }, '415': { description: 'Not a type the part accepts', schema: message } } },
  { method: 'get', path: '/api/learn/{courseId}/{lessonId}/{part}', tag: 'learning', summary: "A lesson's uploaded video, download or notes, with HTTP Range (buyers of the course and admins; anyone for a free preview)", access: 'owner', params: z.object({ courseId: objectIdParam, lessonId: objectIdParam, part: z.enum(['video', 'file', 'notes']) }), responses: { '200': { description: 'The whole file' }, '206': { description: 'The requested byte range' }, '401': { description: 'Signed out, and the lesson is not a free preview', schema: message }, '403': { description: 'The course is not bought', schema: message }, '404': { description: 'Unknown course, lesson or file', schema: message }, '416': { description: 'Range not satisfiable' } } },
  { method: 'post', path: '/api/progress', tag: 'learning', summary: "Record where the caller is in a lesson (video position in seconds) and/or that it is complete; idempotent", access: 'user', body: progressSchema, responses: { '200': { description: 'Saved', schema: z.object({ lessonId: z.string(), completed: z.boolean(), positionSeconds: z.number().nullable() }) }, '403': { description: 'The course is not bought and the lesson is not a free preview', schema: message }, '404': { description: 'Unknown course or lesson', schema: message } } },
];
