import { z } from 'zod';
import { COURSE_LISTS } from '@/lib/catalogue';
import { youtubeVideoId } from '@/lib/video';
import { TEXT_LIMITS, bengaliTextField, choiceField, countField, hoursField, imageField, optionalText, pointsSchema, priceField, requiredText, syllabusPartSchema, takaPriceField, withTakaPrice } from './admin-fields';

// Add Course and Update Course (spec §5): every field required but the promo video; the type comes from the course
// lists the pages read (COURSE_LISTS, so liveCourse, classEleven and classTwelve are included);
// price numeric, 0 (a free course) or at least 1 dollar; the taka price (`priceBdt`) 0 for a free
// course, otherwise ৳10 to ৳500,000 (lib/schemas/admin-fields.ts); hours, videos, quizzes and notes at least 1 when adding
// (hours in tenths, as a course with lessons shows them).
// The update form has no minimum on the counts beyond "not negative".

export const COURSE_TYPE_MESSAGE = 'Choose a course type from the list';

const YOUTUBE_ONLY = 'Video must be a YouTube address (https://www.youtube.com/…)';

/** The course's promo video: optional (left empty, the course page shows none), a YouTube address when given. */
const videoField = optionalText('Video', TEXT_LIMITS.address).refine((value) => value === undefined || youtubeVideoId(value) !== null, YOUTUBE_ONLY);

/** The fields both course forms have. */
const sharedFields = {
  title: requiredText('Title', TEXT_LIMITS.title),
  img: imageField('Image'),
  price: priceField({ free: true }),
  priceBdt: takaPriceField(),
  ShortDescription: requiredText('Description', TEXT_LIMITS.short),
  instructorName: requiredText('Instructor name', TEXT_LIMITS.name),
  education: requiredText('Education', TEXT_LIMITS.education),
  about: requiredText('About', TEXT_LIMITS.long),
  bn: bengaliTextField(TEXT_LIMITS.short),
};

export const courseTypeField = choiceField(COURSE_LISTS, COURSE_TYPE_MESSAGE);

const courseAddObject = z.strictObject({
  classCourse: courseTypeField,
  ...sharedFields,
  instructorImg: imageField('Instructor image'),
  video: videoField,
  hours: hoursField(1),
  videos: countField('Videos', 1),
  quizzes: countField('Quizzes', 1),
  notes: countField('Notes', 1),
});
export const courseAddSchema = withTakaPrice(courseAddObject, { required: true });
export type CourseAddInput = z.input<typeof courseAddSchema>;
export type CourseAddValues = z.output<typeof courseAddSchema>;

const courseUpdateObject = z.strictObject({
  ...sharedFields,
  /** Listed but not for sale; a course leaves it only with at least one lesson (server/catalogue-admin/courses.ts). */
  comingSoon: z.boolean({ error: 'Coming soon must be yes or no' }).optional(),
  hours: hoursField(0),
  videos: countField('Videos', 0),
  quizzes: countField('Quizzes', 0),
  notes: countField('Notes', 0),
});
export const courseUpdateSchema = withTakaPrice(courseUpdateObject, { required: true });
export type CourseUpdateInput = z.input<typeof courseUpdateSchema>;
export type CourseUpdateValues = z.output<typeof courseUpdateSchema>;


/**
 * Fields the old client also sent (LEGACY-API.md course shape). The forms leave them to the
 * creation defaults (spec §9); the legacy API accepts them so that client keeps working.
 */
const legacyExtras = {
  state: z.enum(['unread', 'read'], { error: 'State must be unread or read' }).optional(),
  promoCode: optionalText('Promo code', TEXT_LIMITS.name),
  /** Accepted for older clients and ignored: the enrolment is counted from paid orders. */
  Enrolled: countField('Enrolled', 0).optional(),
  transcripts: countField('Transcripts', 0).optional(),
  objective: pointsSchema.optional(),
  syllabus: z.strictObject({ free: syllabusPartSchema, email: syllabusPartSchema, monologues: syllabusPartSchema }).optional(),
};

/**
 * POST /api/addCourse: the Add Course fields (price in dollars) plus the legacy extras. The old
 * client knows no taka price: `priceBdt` may be left out, and the course then has none.
 */
export const legacyCourseCreateBody = withTakaPrice(courseAddObject.extend(legacyExtras), { required: false });
export type CourseCreateValues = z.output<typeof legacyCourseCreateBody>;

/** PUT /api/courseUpdate/{id}: the Update Course fields plus any other course field; without `priceBdt` the stored taka price stays. */
export const legacyCourseUpdateBody = withTakaPrice(
  courseUpdateObject.extend({
    ...legacyExtras,
    classCourse: courseTypeField.optional(),
    instructorImg: imageField('Instructor image').optional(),
    video: videoField,
  }),
  { required: false },
);
export type CourseChangeValues = z.output<typeof legacyCourseUpdateBody>;
