import 'server-only';
import { z } from 'zod';
import { objectIdParam } from '@/lib/schemas/legacy';
import { lessonAddSchema, lessonUpdateSchema, sectionTitleSchema } from '@/lib/schemas/curriculum';
import { playbackReportSchema } from '@/lib/schemas/playback';
import { progressSchema } from '@/lib/schemas/progress';
import { routing } from '@/i18n/routing';
import { attemptStartSchema, quizSchema, submissionSchema } from '@/lib/schemas/quiz';
import { LESSON_KINDS } from '@/lib/curriculum';
import { ANSWER_REVEALS, QUESTION_KINDS } from '@/lib/quiz';
import type { Operation } from './operation';
import { message } from './answers';

// The learning endpoints: curricula (read by anyone, edited by admins), lesson media, progress.

const courseParams = z.object({ courseId: objectIdParam });
const lessonParams = z.object({ courseId: objectIdParam, lessonId: objectIdParam });
const created = z.object({ id: z.string() });
const streamAnswer = z.object({
  id: z.string(),
  master: z.string(),
  expiresAt: z.string(),
  durationSeconds: z.number(),
  rungs: z.array(z.object({ name: z.string(), width: z.number().optional(), height: z.number().optional(), bytes: z.number() })),
});

const captionsQuery = z.object({ courseId: objectIdParam, lessonId: objectIdParam, language: z.enum(routing.locales) });

const lessonOutline = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  durationSeconds: z.number().optional(),
  freePreview: z.boolean(),
  hasTranscript: z.boolean(),
  hasNotes: z.boolean(),
});
const curriculumAnswer = z.object({
  courseId: z.string(),
  title: z.string(),
  totals: z.object({ sections: z.number(), lessons: z.number(), videos: z.number(), quizzes: z.number(), notes: z.number(), transcripts: z.number(), seconds: z.number() }),
  sections: z.array(z.object({ id: z.string(), title: z.string(), lessons: z.array(lessonOutline) })),
});

const learnerQuestion = z.object({
  id: z.string(),
  kind: z.enum(QUESTION_KINDS),
  prompt: z.string(),
  imageUrl: z.string().optional(),
  imageAlt: z.string().optional(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});
export const openAttempt = z.object({ id: z.string(), number: z.number(), startedAt: z.string(), deadlineAt: z.string().nullable(), questions: z.array(learnerQuestion) });
const attemptResult = z.object({
  id: z.string(),
  number: z.number(),
  submittedAt: z.string(),
  scorePercent: z.number(),
  passed: z.boolean(),
  late: z.boolean(),
  correctCount: z.number(),
  questionCount: z.number(),
  passPercent: z.number(),
  showAnswers: z.enum(ANSWER_REVEALS).describe("The quiz's setting: when the right answers and explanations are shown"),
  answersShown: z.boolean().describe('Whether this answer carries the right answers and explanations'),
  questions: z.array(learnerQuestion),
  results: z.array(
    z.object({
      questionId: z.string(),
      correct: z.boolean(),
      given: z.union([z.array(z.string()), z.number()]).nullable(),
      correctOptionIds: z.array(z.string()).optional(),
      numeric: z.object({ value: z.number(), tolerance: z.number() }).optional(),
      explanation: z.string().optional(),
    }),
  ),
});
const quizStatisticsAnswer = z.object({
  submissions: z.number(),
  questions: z.array(
    z.object({ id: z.string(), prompt: z.string(), kind: z.enum(QUESTION_KINDS), answered: z.number(), correct: z.number(), options: z.array(z.object({ id: z.string(), text: z.string(), correct: z.boolean(), chosen: z.number() })) }),
  ),
});

export const LEARNING_OPERATIONS: Operation[] = [
  { method: 'get', path: '/api/curriculum/{courseId}', tag: 'learning', summary: "A course's curriculum outline: sections, lessons (type, duration, free preview) and totals; unlisted courses too, for their buyers' apps", access: 'public', params: courseParams, responses: { '200': { description: 'The outline', schema: curriculumAnswer }, '404': { description: 'Unknown course', schema: message } } },
  { method: 'post', path: '/api/curriculum/{courseId}/sections', tag: 'learning', summary: 'Add a section at the end of the curriculum', access: 'admin', params: courseParams, body: sectionTitleSchema, responses: { '201': { description: 'Added', schema: created }, '404': { description: 'Unknown course', schema: message }, '409': { description: 'Changed by someone else at the same moment; try again', schema: message } } },
  { method: 'delete', path: '/api/curriculum/{courseId}/sections/{sectionId}', tag: 'learning', summary: 'Delete a section with its lessons and their files (refused when it would leave a course on sale without lessons)', access: 'admin', params: z.object({ courseId: objectIdParam, sectionId: objectIdParam }), responses: { '200': { description: 'Deleted', schema: z.object({ deleted: z.literal(true) }) }, '404': { description: 'Unknown course or section', schema: message }, '409': { description: 'The course is on sale and would have no lesson left', schema: message } } },
  { method: 'post', path: '/api/curriculum/{courseId}/lessons', tag: 'learning', summary: 'Add a video, article, file or quiz lesson at the end of a section', access: 'admin', params: courseParams, body: lessonAddSchema, responses: { '201': { description: 'Added', schema: created }, '404': { description: 'Unknown course or section', schema: message } } },
  { method: 'put', path: '/api/curriculum/{courseId}/lessons/{lessonId}', tag: 'learning', summary: 'Save a lesson: title, duration (minutes), free preview, Markdown article, YouTube address, transcript, and their translations by language (a language left out keeps what is stored, one sent empty is removed)', access: 'admin', params: lessonParams, body: lessonUpdateSchema, responses: { '200': { description: 'Saved', schema: z.object({ updated: z.literal(true) }) }, '404': { description: 'Unknown course or lesson', schema: message } } },
  { method: 'delete', path: '/api/curriculum/{courseId}/lessons/{lessonId}', tag: 'learning', summary: 'Delete a lesson and its files (refused when it would leave a course on sale without lessons)', access: 'admin', params: lessonParams, responses: { '200': { description: 'Deleted', schema: z.object({ deleted: z.literal(true) }) }, '404': { description: 'Unknown course or lesson', schema: message }, '409': { description: 'The course is on sale and would have no lesson left', schema: message } } },
  { method: 'post', path: '/api/uploads/lesson-file', tag: 'learning', summary: "Store a lesson's video (MP4 or WebM, at most 500 MB), download (PDF, MP3, ZIP/Office, PNG, JPEG; 100 MB) or notes (PDF; 20 MB), sent as the raw request body with its name URI-encoded in X-File-Name; type judged by the bytes", access: 'admin', query: z.object({ courseId: objectIdParam, lessonId: objectIdParam, part: z.enum(['video', 'file', 'notes']) }), responses: { '201': { description: 'Stored', schema: z.object({ part: z.enum(['video', 'file', 'notes']), name: z.string(), length: z.number(), size: z.string() }) }, '400': { description: 'Malformed ids, or a part the lesson type has no use for', schema: message }, '404': { description: 'Unknown course or lesson', schema: message }, '413': { description: 'Larger than the part allows', schema: message }, '415': { description: 'Not a type the part accepts', schema: message } } },
  { method: 'get', path: '/api/learn/{courseId}/{lessonId}/stream', tag: 'learning', summary: "A lesson video's streaming ladder (HLS), once transcoded: the master playlist's address, signed for the caller and valid for 10 to 20 minutes (ask again before `expiresAt`), the video's length and each rung's size in bytes, lowest first, the audio-only rung last (buyers of the course and admins; anyone for a free preview)", access: 'owner', params: lessonParams, responses: { '200': { description: 'The ladder', schema: streamAnswer }, '401': { description: 'Signed out, and the lesson is not a free preview', schema: message }, '403': { description: 'The course is not bought', schema: message }, '404': { description: 'Unknown course or lesson, or no streaming video yet', schema: message } } },
  { method: 'get', path: '/api/learn/{courseId}/{lessonId}/captions/{file}', tag: 'learning', summary: "A lesson video's captions in one language as WebVTT (`bn.vtt`), or its transcript as a text file to download (`bn.txt`); with `?v=` the version the lesson page gives, the browser keeps it (buyers of the course and admins; anyone for a free preview)", access: 'owner', params: z.object({ courseId: objectIdParam, lessonId: objectIdParam, file: z.string() }), query: z.object({ v: z.string().optional() }), responses: { '200': { description: 'The captions (text/vtt) or the transcript (text/plain, attachment)' }, '400': { description: 'Malformed ids', schema: message }, '401': { description: 'Signed out, and the lesson is not a free preview', schema: message }, '403': { description: 'The course is not bought', schema: message }, '404': { description: 'Unknown course or lesson, or no captions in that language', schema: message } } },
  { method: 'post', path: '/api/learn/{courseId}/{lessonId}/playback', tag: 'learning', summary: "How a playback of the lesson's video went, sent by the player a few times per playback (never per segment): cumulative figures for one playback session; the server keeps the largest of each, so a report sent twice changes nothing (whoever may open the lesson; at most 120 reports per learner or client address in 15 minutes)", access: 'owner', params: lessonParams, body: playbackReportSchema, responses: { '204': { description: 'Kept' }, '400': { description: 'Malformed ids or report', schema: message }, '401': { description: 'Signed out, and the lesson is not a free preview', schema: message }, '403': { description: 'The course is not bought', schema: message }, '404': { description: 'Unknown course or lesson', schema: message }, '409': { description: "The session id is another lesson's", schema: message }, '429': { description: 'Too many reports', schema: message } } },
  { method: 'post', path: '/api/uploads/lesson-captions', tag: 'learning', summary: "Store a video lesson's captions in one language (WebVTT or SRT, UTF-8, at most 1 MB), sent as the raw request body with its name URI-encoded in X-File-Name; kept as WebVTT and replacing that language's earlier file. A broken file is refused with the cue at fault", access: 'admin', query: captionsQuery, responses: { '201': { description: 'Stored', schema: z.object({ locale: z.enum(routing.locales), name: z.string(), cueCount: z.number(), updatedAt: z.string() }) }, '400': { description: 'Malformed ids, an unknown language, an empty file, or not a video lesson', schema: message }, '404': { description: 'Unknown course or lesson', schema: message }, '413': { description: 'Larger than 1 MB', schema: message }, '415': { description: 'Not UTF-8 text', schema: message }, '422': { description: 'Not captions, or a cue with a broken time (the reason says which)', schema: message } } },
  { method: 'delete', path: '/api/uploads/lesson-captions', tag: 'learning', summary: "Remove a video lesson's captions in one language", access: 'admin', query: captionsQuery, responses: { '200': { description: 'Whether there were captions to remove', schema: z.object({ removed: z.boolean() }) }, '400': { description: 'Malformed ids, an unknown language, or not a video lesson', schema: message }, '404': { description: 'Unknown course or lesson', schema: message } } },
  { method: 'get', path: '/api/lesson-stream/{token}/{path}', tag: 'learning', summary: "One file of a streaming ladder: the master playlist (`master.m3u8`), a rung's playlist (`360p/index.m3u8`) or a segment (`360p/segment004.ts`), with HTTP Range, kept by the browser (its bytes never change). The token in the address is the access: loading the master playlist counts toward the refund rule like the lesson's media", access: 'public', params: z.object({ token: z.string(), path: z.string() }), responses: { '200': { description: 'The whole file' }, '206': { description: 'The requested byte range' }, '403': { description: 'A token forged, changed or expired', schema: message }, '404': { description: 'No such file in the ladder', schema: message }, '416': { description: 'Range not satisfiable' } } },
  { method: 'get', path: '/api/learn/{courseId}/{lessonId}/{part}', tag: 'learning', summary: "A lesson's uploaded video, download or notes, with HTTP Range (buyers of the course and admins; anyone for a free preview). A buyer's first answered fetch of any of a lesson's media (a free preview aside) counts against a refund on request like a completed lesson", access: 'owner', params: z.object({ courseId: objectIdParam, lessonId: objectIdParam, part: z.enum(['video', 'file', 'notes']) }), responses: { '200': { description: 'The whole file' }, '206': { description: 'The requested byte range' }, '401': { description: 'Signed out, and the lesson is not a free preview', schema: message }, '403': { description: 'The course is not bought', schema: message }, '404': { description: 'Unknown course, lesson or file', schema: message }, '416': { description: 'Range not satisfiable' } } },
  { method: 'post', path: '/api/progress', tag: 'learning', summary: "Record where the caller is in a lesson (video position in seconds) and/or that it is complete; idempotent. With `eventId` (the device's own id for the event, sent again after a lost answer or from a queue kept offline) an event is recorded once: a repeat answers the lesson's progress with `duplicate: true` and writes nothing", access: 'user', body: progressSchema, responses: { '200': { description: 'Saved', schema: z.object({ lessonId: z.string(), completed: z.boolean(), positionSeconds: z.number().nullable(), duplicate: z.boolean() }) }, '403': { description: 'The course is not bought and the lesson is not a free preview', schema: message }, '404': { description: 'Unknown course or lesson', schema: message } } },
  { method: 'put', path: '/api/curriculum/{courseId}/lessons/{lessonId}/quiz', tag: 'learning', summary: "Save a quiz lesson's settings (pass mark, time limit, attempts, shuffling, when the right answers are shown) and questions (single, multiple, true/false, numeric) with their answers", access: 'admin', params: lessonParams, body: quizSchema, responses: { '200': { description: 'Saved', schema: z.object({ updated: z.literal(true) }) }, '404': { description: 'Unknown course or lesson', schema: message }, '409': { description: 'The lesson is not a quiz', schema: message } } },
  { method: 'get', path: '/api/curriculum/{courseId}/lessons/{lessonId}/quiz', tag: 'learning', summary: "How a quiz's questions were answered: submissions, answers and right answers per question, choices per option", access: 'admin', params: lessonParams, responses: { '200': { description: 'The statistics', schema: quizStatisticsAnswer }, '404': { description: 'Unknown course or lesson', schema: message } } },
  { method: 'post', path: '/api/quiz-attempts', tag: 'learning', summary: 'Start an attempt at a quiz lesson, or get the one still open; the questions come without their answers, their texts in `locale` where translated (the default language when left out)', access: 'user', body: attemptStartSchema, responses: { '200': { description: 'The open attempt', schema: openAttempt }, '403': { description: 'The course is not bought and the quiz is not a free preview', schema: message }, '404': { description: 'Unknown course or quiz', schema: message }, '409': { description: 'No attempts left, or the quiz has no questions', schema: message } } },
  { method: 'post', path: '/api/quiz-attempts/{attemptId}/submit', tag: 'learning', summary: "Submit an attempt's answers (option ids or a number, by question id): graded once on the server's clock, whatever the language; repeating it answers the same grade. `locale` picks the language of the texts answered (the default one when left out)", access: 'owner', params: z.object({ attemptId: z.string() }), body: submissionSchema, responses: { '200': { description: 'The grade and which questions were right; the right answers and explanations once the quiz shows them (after passing or the last attempt by default)', schema: attemptResult }, '400': { description: 'An answer names an option its question does not have', schema: message }, '404': { description: 'Unknown attempt, or not the caller\'s', schema: message } } },
];
