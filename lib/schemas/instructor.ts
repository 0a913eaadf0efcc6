import { coded } from '@/lib/coded-message';
import { z } from 'zod';
import { SUBJECTS } from '@/lib/catalogue';
import { TEXT_LIMITS, itemTranslationsField, choiceField, imageField, requiredText, webAddressField } from './admin-fields';

// Add Instructor and Update Instructor (docs/product.md §5): the subject is one of the nine subjects, every
// other field is required. The update form uses the same list rather than the old free text, so an
// edited instructor always stays on one of the subject pages. `Subject` keeps its legacy spelling.

export const SUBJECT_MESSAGE = coded('chooseASubjectFromTheList');

export const instructorSchema = z.strictObject({
  Subject: choiceField(SUBJECTS, SUBJECT_MESSAGE),
  name: requiredText('Name', TEXT_LIMITS.name),
  img: imageField('Image'),
  education: requiredText('Education', TEXT_LIMITS.education),
  facebook: webAddressField('Facebook'),
  twitter: webAddressField('Twitter'),
  instagram: webAddressField('Instagram'),
  linkedin: webAddressField('LinkedIn'),
  // For an instructor, `title` is the name and `description` the education.
  translations: itemTranslationsField(TEXT_LIMITS.education),
});
export type InstructorInput = z.input<typeof instructorSchema>;
export type InstructorValues = z.output<typeof instructorSchema>;
