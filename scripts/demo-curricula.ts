// The seeded courses' curricula: the three showcase courses of scripts/seed-data/lessons.ts with
// real lessons, clips and downloads; every other demo course gets a short curriculum built from
// its own syllabus (a welcome video and one short article per syllabus point), so every demo
// course can be bought and taken. Called by the seed (scripts/seed.ts); safe to run again: ids
// derive from titles, and a stored file is written again only when its bytes changed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyBulkWriteOperation, ObjectId } from 'mongodb';
import { deleteChunks, writeChunks } from '@/server/platform/chunked-files';
import { collection } from '@/server/platform/db';
import { DEFAULT_LOCALE, isLocale } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import type { CaptionCue } from '@/lib/captions';
import type { CurriculumSectionDocument, LessonCaptionsDocument, LessonDocument, LessonOutlineDocument, StoredFileRef } from '@/server/platform/documents';
import { renderedArticle } from '@/server/platform/markdown';
import { queueTranscode } from '@/server/learning/lesson-video/jobs';
import { createTextPdf } from './demo-files';
import type { SeedCourse } from './seed-data/courses';
import { DEMO_CURRICULA } from './seed-data/lessons';
import type { DemoClip, SeedLesson, SeedPdf, SeedSection } from './seed-data/lessons';

type IdFor = (kind: string, naturalKey: string) => ObjectId;

/** The demo clips are 8-second WebM files (VP9 and Opus) made for the project with ffmpeg. */
const CLIP_SECONDS = 8;
const CLIP_DIRECTORY = path.join(process.cwd(), 'scripts/seed-data/media');

export type DemoLesson = { id: ObjectId; courseId: ObjectId; seed: SeedLesson };

export type DemoCurriculum = { outline: CurriculumSectionDocument[]; lessons: DemoLesson[] };

/** A short curriculum from a course's own syllabus, for the demo courses without written lessons. */
function sectionsFromSyllabus(course: SeedCourse): SeedSection[] {
  const goals = [course.objective.point1, course.objective.point2, course.objective.point3];
  const parts = [course.syllabus.free, course.syllabus.email, course.syllabus.monologues];
  return parts.map((part, partIndex) => ({
    title: part.title,
    lessons: [
      ...(partIndex === 0 ? [{ kind: 'video' as const, title: `Welcome to ${course.title}`, minutes: 3, freePreview: true, youtube: course.video }] : []),
      ...[part.point1, part.point2, part.point3].map((point) => ({
        kind: 'article' as const,
        title: point,
        minutes: 8,
        markdown: [
          course.ShortDescription,
          '',
          '## In this lesson',
          '',
          `This lesson of **${part.title}** works on *${point}*. Read it through, then try the task at the end before moving on.`,
          '',
          '## What the course builds towards',
          '',
          ...goals.map((goal) => `- ${goal}`),
          '',
          '## Try it yourself',
          '',
          `Write down two things you already know about "${point}" and one question you have. Check your answers again when you finish this section.`,
        ].join('\n'),
      })),
    ],
  }));
}

/** A lesson's translated titles, for the outline. */
function titleTranslations(seed: SeedLesson): Pick<LessonOutlineDocument, 'translations'> {
  const titles = Object.entries(seed.translations ?? {}).flatMap(([locale, texts]) => (texts?.title ? [[locale, { title: texts.title }]] : []));
  return titles.length > 0 ? { translations: Object.fromEntries(titles) } : {};
}

/** A lesson's translated article (rendered like the default one) and transcript, for its content. */
function contentTranslations(seed: SeedLesson): Pick<LessonDocument, 'translations'> {
  const contents = Object.entries(seed.translations ?? {}).flatMap(([locale, texts]) => {
    const content = {
      ...(seed.kind === 'article' && texts?.markdown ? { article: renderedArticle(texts.markdown) } : {}),
      ...(seed.kind === 'video' && texts?.transcript ? { transcript: texts.transcript } : {}),
    };
    return Object.keys(content).length > 0 ? [[locale, content]] : [];
  });
  return contents.length > 0 ? { translations: Object.fromEntries(contents) } : {};
}

/** A demo clip's captions in each language it has a transcript in: its sentences spread evenly over the clip. */
function demoCaptions(seed: SeedLesson & { kind: 'video'; transcript: string }): [locale: Locale, cues: CaptionCue[]][] {
  const texts = [[DEFAULT_LOCALE, seed.transcript], ...Object.entries(seed.translations ?? {}).map(([locale, texts]) => [locale, texts?.transcript])];
  return texts.flatMap(([locale, text]) => {
    if (!isLocale(locale)) return [];
    const sentences = (text ?? '').split(/(?<=[.!?।])\s+/).filter(Boolean);
    const each = CLIP_SECONDS / Math.max(1, sentences.length);
    return sentences.length > 0 ? [[locale, sentences.map((sentence, index) => ({ start: index * each, end: (index + 1) * each, text: sentence }))]] : [];
  });
}

function durationOf(lesson: SeedLesson): number {
  return lesson.kind === 'video' && 'clip' in lesson ? CLIP_SECONDS : lesson.minutes * 60;
}

export function demoCurriculumFor(course: SeedCourse, courseId: ObjectId, idFor: IdFor): DemoCurriculum {
  const sections = DEMO_CURRICULA[course.title] ?? sectionsFromSyllabus(course);
  const lessons: DemoLesson[] = [];
  const outline = sections.map((section) => ({
    _id: idFor('section', `${course.title}/${section.title}`),
    title: section.title,
    ...(section.translations ? { translations: section.translations } : {}),
    lessons: section.lessons.map((seed) => {
      const id = idFor('lesson', `${course.title}/${section.title}/${seed.title}`);
      lessons.push({ id, courseId, seed });
      return {
        _id: id,
        title: seed.title,
        kind: seed.kind,
        durationSeconds: durationOf(seed),
        freePreview: seed.freePreview === true,
        hasTranscript: seed.kind === 'video' && 'clip' in seed && seed.transcript.length > 0,
        hasNotes: seed.kind === 'video' && 'clip' in seed && seed.notes !== undefined,
        ...titleTranslations(seed),
      };
    }),
  }));
  return { outline, lessons };
}

type FileSource = { name: string; contentType: string; bytes: Buffer };

function clipFile(clip: DemoClip): FileSource {
  return { name: `${clip}.webm`, contentType: 'video/webm', bytes: readFileSync(path.join(CLIP_DIRECTORY, `${clip}.webm`)) };
}

function pdfFile(pdf: SeedPdf): FileSource {
  return { name: pdf.name.endsWith('.pdf') ? pdf.name : `${pdf.name}.pdf`, contentType: 'application/pdf', bytes: createTextPdf(pdf.title, pdf.paragraphs) };
}

async function* once(data: Buffer): AsyncIterable<Uint8Array> {
  yield data;
}

/** The stored file for `source`: the one already stored when it is the same, else a new one (the old one removed). */
async function storedFile(source: FileSource, previous: StoredFileRef | undefined): Promise<{ ref: StoredFileRef; written: boolean }> {
  if (previous && previous.name === source.name && previous.length === source.bytes.length) return { ref: previous, written: false };
  const written = await writeChunks('lessonFileChunks', once(source.bytes));
  if (previous) await deleteChunks('lessonFileChunks', previous.fileId);
  return { ref: { fileId: written.fileId, name: source.name, contentType: source.contentType, length: written.length, chunkSize: written.chunkSize }, written: true };
}

/** FerretDB 1.24 on SQLite stalls on large update batches (see scripts/seed.ts). */
const WRITE_BATCH = 50;

/** Writes every demo lesson's content; answers a line for the seed log. */
export async function storeDemoLessons(lessons: DemoLesson[]): Promise<string> {
  const collectionOfLessons = await collection('lessons');
  const existing = new Map(
    (await collectionOfLessons.find({ _id: { $in: lessons.map((lesson) => lesson.id) } }).toArray()).map((document) => [document._id.toHexString(), document]),
  );
  let filesWritten = 0;
  const documents: LessonDocument[] = [];
  const captions: LessonCaptionsDocument[] = [];
  for (const { id, courseId, seed } of lessons) {
    const previous = existing.get(id.toHexString());
    const document: LessonDocument = { _id: id, courseId, kind: seed.kind, updatedAt: previous?.updatedAt ?? new Date(), ...contentTranslations(seed) };
    const keep = async (source: FileSource, before: StoredFileRef | undefined) => {
      const { ref, written } = await storedFile(source, before);
      if (written) filesWritten += 1;
      return ref;
    };
    if (seed.kind === 'article') document.article = renderedArticle(seed.markdown);
    else if (seed.kind === 'file') document.file = await keep(pdfFile(seed.file), previous?.file);
    else if (seed.kind === 'quiz') document.quiz = seed.quiz;
    else if ('youtube' in seed) document.youtubeUrl = seed.youtube;
    else {
      document.video = await keep(clipFile(seed.clip), previous?.video);
      // The same clip keeps the ladder made of it; a new one is transcoded by the app (queued below).
      if (previous?.stream && previous.video?.fileId.equals(document.video.fileId)) document.stream = previous.stream;
      document.transcript = seed.transcript;
      if (seed.notes) document.notes = await keep(pdfFile(seed.notes), previous?.notes);
      for (const [locale, cues] of demoCaptions(seed)) {
        captions.push({ _id: `${id.toHexString()}:${locale}`, lessonId: id, courseId, locale, cues, updatedAt: new Date() });
        document.captions = { ...document.captions, [locale]: { name: `${seed.clip}-${locale}.vtt`, cueCount: cues.length, updatedAt: captions.at(-1)!.updatedAt } };
      }
    }
    documents.push(document);
  }
  const operations = documents.map(({ _id, ...replacement }) => ({ replaceOne: { filter: { _id }, replacement, upsert: true } }) as AnyBulkWriteOperation<LessonDocument>);
  for (let start = 0; start < operations.length; start += WRITE_BATCH) {
    await collectionOfLessons.bulkWrite(operations.slice(start, start + WRITE_BATCH), { ordered: true });
  }
  const lessonCaptions = await collection('lessonCaptions');
  for (const { _id, ...replacement } of captions) await lessonCaptions.replaceOne({ _id }, replacement, { upsert: true });
  const toTranscode = documents.filter((document) => document.video && !document.stream);
  for (const document of toTranscode) await queueTranscode(document._id, document.courseId, document.video!);
  return `${documents.length} lessons stored, ${filesWritten} videos and downloads written, ${existing.size} lessons already present, ${toTranscode.length} videos queued for streaming`;
}
