import { coded } from '@/lib/coded-message';
import { z } from 'zod';
import { COURSE_LISTS } from '@/lib/catalogue';
import { youtubeVideoId } from '@/lib/video';
import { TEXT_LIMITS, itemTranslationsField, choiceField, countField, hoursField, imageField, optionalText, pointsSchema, priceField, requiredText, syllabusPartSchema, takaPriceField, withTakaPrice } from './admin-fields';

// Add Course and Update Course (docs/product.md §5): every field required but the promo video; the type comes
// from the course lists the pages read (COURSE_LISTS, so liveCourse, classEleven and classTwelve are
// included); price numeric, 0 (a free course) or at least 1 dollar; the taka price (`priceBdt`) 0
// for a free course, otherwise ৳10 to ৳500,000 (lib/schemas/admin-fields.ts). The instructor is
// picked from Instructors; hours, videos, quizzes, notes and transcripts are counted from the
// curriculum, never typed. The legacy API keeps the old client's fields: its typed instructor, and
// counts it may still send (accepted, and ignored).

export const COURSE_TYPE_MESSAGE = coded('chooseACourseTypeFromTheList');

const YOUTUBE_ONLY = coded('videoMustBeAYoutubeAddressHttpsWwwYoutubeCom');

/** The course's promo video: optional (left empty, the course page shows none), a YouTube address when given. */
const videoField = optionalText('Video', TEXT_LIMITS.address).refine((value) => value === undefined || youtubeVideoId(value) !== null, YOUTUBE_ONLY);

/** The fields both course forms have. */
const sharedFields = {
  title: requiredText('Title', TEXT_LIMITS.title),
  img: imageField('Image'),
  price: priceField({ free: true }),
  priceBdt: takaPriceField(),
  ShortDescription: requiredText('Description', TEXT_LIMITS.short),
  about: requiredText('About', TEXT_LIMITS.long),
  translations: itemTranslationsField(TEXT_LIMITS.short),
};

export const INSTRUCTOR_CHOICE_MESSAGE = coded('chooseAnInstructorFromTheList');

/** The forms' instructor: one of Instructors, by id (the course then shows their name, photo and education). */
const pickedInstructor = { instructorId: z.string({ error: INSTRUCTOR_CHOICE_MESSAGE }).regex(/^[0-9a-f]{24}$/i, INSTRUCTOR_CHOICE_MESSAGE) };

/** The instructor as the old client types them. */
const typedInstructor = {
  instructorName: requiredText('Instructor name', TEXT_LIMITS.name),
  education: requiredText('Education', TEXT_LIMITS.education),
};

export const courseTypeField = choiceField(COURSE_LISTS, COURSE_TYPE_MESSAGE);

export const courseAddSchema = withTakaPrice(z.strictObject({ classCourse: courseTypeField, ...sharedFields, ...pickedInstructor, video: videoField }), { required: true });
export type CourseAddInput = z.input<typeof courseAddSchema>;
export type CourseAddValues = z.output<typeof courseAddSchema>;

/** Listed but not for sale; a course leaves it only with at least one lesson (server/catalogue/admin/courses.ts). */
const comingSoonField = z.boolean({ error: coded('comingSoonMustBeYesOrNo') }).optional();

export const courseUpdateSchema = withTakaPrice(z.strictObject({ ...sharedFields, ...pickedInstructor, comingSoon: comingSoonField }), { required: true });
export type CourseUpdateInput = z.input<typeof courseUpdateSchema>;
export type CourseUpdateValues = z.output<typeof courseUpdateSchema>;


/**
 * Fields the old client also sent (docs/legacy-api.md course shape). The forms leave them to the
 * creation defaults (docs/product.md §9); the legacy API accepts them so that client keeps working.
 */
const legacyExtras = {
  /** Counted from the curriculum: accepted from older clients and ignored. */
  hours: hoursField(0).optional(),
  videos: countField('Videos', 0).optional(),
  quizzes: countField('Quizzes', 0).optional(),
  notes: countField('Notes', 0).optional(),
  state: z.enum(['unread', 'read'], { error: coded('stateMustBeUnreadOrRead') }).optional(),
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
export const legacyCourseCreateBody = withTakaPrice(
  z.strictObject({ classCourse: courseTypeField, ...sharedFields, ...typedInstructor, instructorImg: imageField('Instructor image'), video: videoField, ...legacyExtras }),
  { required: false },
);
export type LegacyCourseCreateValues = z.output<typeof legacyCourseCreateBody>;

/**
 * PUT /api/courseUpdate/{id}: the Update Course fields (with the typed instructor) plus any other
 * course field; without `priceBdt` the stored taka price stays. `comingSoon: false` puts a course
 * on sale, and publishes a draft (its one door for an old client).
 */
export const legacyCourseUpdateBody = withTakaPrice(
  z.strictObject({
    ...sharedFields,
    ...typedInstructor,
    comingSoon: comingSoonField,
    ...legacyExtras,
    classCourse: courseTypeField.optional(),
    instructorImg: imageField('Instructor image').optional(),
    video: videoField,
  }),
  { required: false },
);
export type LegacyCourseChangeValues = z.output<typeof legacyCourseUpdateBody>;

/** What the domain takes to add a course: the form's values (a picked instructor) or the old client's (a typed one). */
export type CourseCreateValues = CourseAddValues | LegacyCourseCreateValues;
/** What the domain takes to change a course. */
export type CourseChangeValues = CourseUpdateValues | LegacyCourseChangeValues;
