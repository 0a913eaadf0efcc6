import { coded, composedCode } from '@/lib/coded-message';
import { z } from 'zod';
import { LESSON_KINDS } from '@/lib/curriculum';
import { youtubeVideoId } from '@/lib/video';
import { TEXT_LIMITS, optionalText, requiredText, translationsField } from './admin-fields';

// The curriculum editor's forms (course update screen): sections and lessons. The same schemas
// check what the server actions receive; the messages name their field.

/** A course's outline lives in its document, so it stays far below MongoDB's 16 MB. */
export const CURRICULUM_LIMITS = { sections: 50, lessons: 300, markdown: 100_000, transcript: 50_000, minutes: 24 * 60 } as const;

const objectId = z.string().regex(/^[0-9a-f]{24}$/i, coded('unknownId'));

/** A section's or a lesson's title in other languages. */
const titleTranslations = (what: string) => translationsField((language) => ({ title: optionalText(`${language} title`, TEXT_LIMITS.title) }), what);

export const sectionTitleSchema = z.strictObject({ title: requiredText('Section title', TEXT_LIMITS.title), translations: titleTranslations('section title') });
export type SectionTitleValues = z.output<typeof sectionTitleSchema>;

export const lessonAddSchema = z.strictObject({
  sectionId: objectId,
  title: requiredText('Lesson title', TEXT_LIMITS.title),
  kind: z.enum(LESSON_KINDS, { error: coded('chooseVideoArticleFileOrQuiz') }),
});
export type LessonAddInput = z.input<typeof lessonAddSchema>;

export const moveSchema = z.enum(['up', 'down'], { error: coded('moveUpOrDown') });
export type MoveDirection = z.infer<typeof moveSchema>;

/** Minutes as typed ("" for none), stored as seconds. */
const durationField = z
  .union([z.number(), z.string().trim()], { error: coded('durationMustBeANumberOfMinutes') })
  .transform((value, context) => {
    if (value === '') return undefined;
    const minutes = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(minutes) || minutes < 0 || minutes > CURRICULUM_LIMITS.minutes) {
      context.addIssue({ code: 'custom', message: coded('durationMustBeBetweenZeroAndMinutes', { minutes: CURRICULUM_LIMITS.minutes }) });
      return z.NEVER;
    }
    return Math.round(minutes * 60);
  })
  .optional();

const optionalLongText = (label: string, max: number) =>
  z
    .string({ error: composedCode(`${label} must be text`) })
    .max(max, composedCode(`${label} must be at most ${max.toLocaleString('en-US')} characters`))
    .transform((value) => (value.trim() ? value : undefined))
    .optional();

export const lessonUpdateSchema = z.strictObject({
  title: requiredText('Lesson title', TEXT_LIMITS.title),
  duration: durationField,
  freePreview: z.boolean({ error: coded('freePreviewMustBeYesOrNo') }),
  youtubeUrl: z
    .string({ error: coded('youtubeAddressMustBeText') })
    .trim()
    .max(TEXT_LIMITS.address)
    .refine((value) => value === '' || youtubeVideoId(value) !== null, coded('youtubeAddressMustBeAYoutubeVideoHttpsWwwYoutubeCom'))
    .transform((value) => (value ? value : undefined))
    .optional(),
  markdown: optionalLongText('Article text', CURRICULUM_LIMITS.markdown),
  transcript: optionalLongText('Transcript', CURRICULUM_LIMITS.transcript),
  /** The title, the article (article lessons) and the transcript (video lessons) in other languages. */
  translations: translationsField(
    (language) => ({
      title: optionalText(`${language} title`, TEXT_LIMITS.title),
      markdown: optionalLongText(`${language} article text`, CURRICULUM_LIMITS.markdown),
      transcript: optionalLongText(`${language} transcript`, CURRICULUM_LIMITS.transcript),
    }),
    'lesson texts',
  ),
});
export type LessonUpdateInput = z.input<typeof lessonUpdateSchema>;
export type LessonUpdateValues = z.output<typeof lessonUpdateSchema>;

/** What an upload is for: a video lesson's video, a file lesson's download, any lesson's notes. */
export const LESSON_UPLOAD_PARTS = ['video', 'file', 'notes'] as const;
export type LessonUploadPart = (typeof LESSON_UPLOAD_PARTS)[number];

/** Largest upload per part; videos stream into the database chunk by chunk, never held in memory. */
export const LESSON_UPLOAD_MAX_BYTES: Record<LessonUploadPart, number> = {
  video: 500 * 1024 * 1024,
  file: 100 * 1024 * 1024,
  notes: 20 * 1024 * 1024,
};

export const LESSON_UPLOAD_URL = '/api/uploads/lesson-file';

/** What the file picker offers; the server decides by the file's bytes. */
export const LESSON_UPLOAD_ACCEPT: Record<LessonUploadPart, string> = {
  video: 'video/mp4,video/webm,.mp4,.webm',
  file: '.pdf,.zip,.docx,.xlsx,.pptx,.mp3,.png,.jpg,.jpeg',
  notes: 'application/pdf,.pdf',
};
