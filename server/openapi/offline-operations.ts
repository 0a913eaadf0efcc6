import 'server-only';
import { z } from 'zod';
import { objectIdParam } from '@/lib/schemas/legacy';
import { heldItemsSchema, savedLocaleQuery } from '@/lib/schemas/offline';
import { LESSON_KINDS } from '@/lib/curriculum';
import type { Operation } from './operation';
import { message } from './answers';
import { openAttempt } from './learning-operations';

// Saving bought courses and books on the device, to learn without a connection.

const rung = z.object({ name: z.string(), bytes: z.number() });
const onlineOnly = z.enum(['youtube', 'quiz', 'not-ready', 'empty']).describe('Why the lesson cannot be saved: it needs the connection (a quiz, until an attempt is started online), or has nothing to save yet');
const savableCourse = z.object({
  id: z.string(),
  title: z.string(),
  sections: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      lessons: z.array(z.object({ id: z.string(), title: z.string(), kind: z.enum(LESSON_KINDS), durationSeconds: z.number().optional(), bytes: z.number(), rungs: z.array(rung), onlineOnly: onlineOnly.optional() })),
    }),
  ),
});
const savableLesson = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  id: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  durationSeconds: z.number().optional(),
  article: z.object({ html: z.string(), lang: z.string().optional() }).optional(),
  transcript: z.object({ content: z.union([z.object({ kind: z.literal('cues'), cues: z.array(z.object({ start: z.number(), text: z.string() })) }), z.object({ kind: z.literal('text'), text: z.string() })]), lang: z.string().optional() }).optional(),
  files: z.array(z.object({ part: z.enum(['file', 'notes']), name: z.string(), contentType: z.string(), bytes: z.number(), url: z.string() })),
  captions: z.array(z.object({ locale: z.string(), url: z.string() })),
  video: z.object({ stream: z.string(), durationSeconds: z.number(), rungs: z.array(rung), positionSeconds: z.number().describe('Where the learner was in the video, to resume there offline') }).optional(),
  quiz: z.object({ open: openAttempt }).passthrough().describe("A quiz with an attempt under way, as its lesson page shows it: the rules, the attempt's questions without answers, the learner's history").optional(),
  onlineOnly: onlineOnly.optional(),
});
const notBought = { description: 'The course is not bought', schema: message };

export const OFFLINE_OPERATIONS: Operation[] = [
  { method: 'get', path: '/api/offline/courses/{courseId}', tag: 'learning', summary: "A bought course's lessons with what saving each on the device costs: bytes of its text, attachments and captions, and each video quality it can be saved at (sound only, the lowest picture, 360p); lessons that need the connection say why", access: 'owner', params: z.object({ courseId: objectIdParam }), query: savedLocaleQuery, responses: { '200': { description: 'The course as the device may save it', schema: savableCourse }, '400': { description: 'Malformed id or language', schema: message }, '401': { description: 'Signed out', schema: message }, '403': notBought, '404': { description: 'Unknown course', schema: message } } },
  { method: 'get', path: '/api/offline/courses/{courseId}/lessons/{lessonId}', tag: 'learning', summary: "A bought lesson as the device keeps it: its article or transcript, and the addresses of its attachments, captions and streaming ladder, each fetched through its own door while online", access: 'owner', params: z.object({ courseId: objectIdParam, lessonId: objectIdParam }), query: savedLocaleQuery, responses: { '200': { description: 'The lesson', schema: savableLesson }, '400': { description: 'Malformed ids or language', schema: message }, '401': { description: 'Signed out', schema: message }, '403': notBought, '404': { description: 'Unknown course or lesson', schema: message } } },
  { method: 'get', path: '/api/offline/books/{bookId}', tag: 'learning', summary: "A bought book's file as the device saves it: PDF or MP3, its size and its address (the book's download, with Range, so a lost connection resumes)", access: 'owner', params: z.object({ bookId: objectIdParam }), responses: { '200': { description: 'The file', schema: z.object({ id: z.string(), title: z.string(), format: z.enum(['pdf', 'mp3']), contentType: z.string(), bytes: z.number(), url: z.string() }) }, '400': { description: 'Malformed id', schema: message }, '401': { description: 'Signed out', schema: message }, '403': { description: 'The book is not bought', schema: message }, '404': { description: 'Unknown book, or no file yet', schema: message } } },
  { method: 'post', path: '/api/offline/check', tag: 'learning', summary: 'Of the courses and books a device holds (at most 200 of each), those still the caller\'s; the device removes the rest (a refund, a course gone)', access: 'user', body: heldItemsSchema, responses: { '200': { description: 'What the device may keep', schema: z.object({ courses: z.array(z.string()), books: z.array(z.string()) }) }, '400': { description: 'Malformed list', schema: message }, '401': { description: 'Signed out', schema: message } } },
];
