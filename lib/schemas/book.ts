import { coded } from '@/lib/coded-message';
import { z } from 'zod';
import { BOOK_FORMATS, INTERACTIVE_VALUES } from '@/lib/catalogue';
import { TEXT_LIMITS, itemTranslationsField, choiceField, countField, imageField, optionalImageField, optionalText, pointsSchema, priceField, requiredText, takaPriceField, withTakaPrice } from './admin-fields';

// Add Book and Update Book (docs/product.md §5): every field required except writers 2 to 4 with their
// images and education; price numeric, at least 1, and the taka price (`priceBdt`) ৳10 to ৳500,000
// (lib/schemas/admin-fields.ts); page number numeric; interactive YES or NO;
// format (`formate`, the legacy spelling) PDF or MP3. The file size is no longer typed: a book is
// on sale only with a stored, verified file, and its size is that file's (what is sold is
// delivered: docs/architecture.md); the update payload is otherwise docs/product.md §3's: bookName, img, about, writerName1,
// writerImg, page, formate, price.

export const INTERACTIVE_MESSAGE = coded('interactiveMustBeYesOrNo');
export const FORMAT_MESSAGE = coded('formatMustBePdfOrMp3');

const formatField = choiceField(BOOK_FORMATS, FORMAT_MESSAGE);
const interactiveField = choiceField(INTERACTIVE_VALUES, INTERACTIVE_MESSAGE);

const updateFields = {
  bookName: requiredText('Book name', TEXT_LIMITS.title),
  img: imageField('Image'),
  about: requiredText('About', TEXT_LIMITS.long),
  writerName1: requiredText('Writer name', TEXT_LIMITS.name),
  writerImg: imageField('Writer image'),
  page: countField('Page number', 1),
  formate: formatField,
  // Accepted from older clients but never stored as typed: the size is the stored file's (server/catalogue/admin/books.ts).
  filesize: optionalText('File size', TEXT_LIMITS.fileSize),
  price: priceField(),
  priceBdt: takaPriceField(),
  translations: itemTranslationsField(TEXT_LIMITS.long),
};

const optionalWriters = {
  writerName2: optionalText('Writer 2 name', TEXT_LIMITS.name),
  writerImg2: optionalImageField('Writer 2 image'),
  educationWriter2: optionalText('Writer 2 education', TEXT_LIMITS.education),
  writerName3: optionalText('Writer 3 name', TEXT_LIMITS.name),
  writerImg3: optionalImageField('Writer 3 image'),
  educationWriter3: optionalText('Writer 3 education', TEXT_LIMITS.education),
  writerName4: optionalText('Writer 4 name', TEXT_LIMITS.name),
  writerImg4: optionalImageField('Writer 4 image'),
  educationWriter4: optionalText('Writer 4 education', TEXT_LIMITS.education),
};

type OptionalWriters = { [Key in keyof typeof optionalWriters]?: string };

/** A writer slot counts only with a name (server/catalogue/books.ts), so an image or education alone is a mistake. */
function checkWriterSlots(values: OptionalWriters, context: z.RefinementCtx): void {
  for (const slot of [2, 3, 4] as const) {
    const name = values[`writerName${slot}`];
    if (!name && (values[`writerImg${slot}`] || values[`educationWriter${slot}`])) {
      context.addIssue({ code: 'custom', path: [`writerName${slot}`], message: coded('writerNameIsRequiredWhenWriterHasAnImageOrEducation', { slot }) });
    }
  }
}

const bookAddObject = z.strictObject({
  ...updateFields,
  educationWriter1: requiredText('Writer education', TEXT_LIMITS.education),
  interactive: interactiveField,
  ...optionalWriters,
});

export const bookAddSchema = withTakaPrice(bookAddObject, { required: true }).superRefine(checkWriterSlots);
export type BookAddInput = z.input<typeof bookAddSchema>;
export type BookAddValues = z.output<typeof bookAddSchema>;

export const bookUpdateSchema = withTakaPrice(z.strictObject(updateFields), { required: true });
export type BookUpdateInput = z.input<typeof bookUpdateSchema>;
export type BookUpdateValues = z.output<typeof bookUpdateSchema>;

/** Fields of the old book shape the forms leave to the creation defaults (docs/product.md §9). */
const legacyExtras = {
  state: z.enum(['unread', 'read'], { error: coded('stateMustBeUnreadOrRead') }).optional(),
  objective: pointsSchema.optional(),
};

/** POST /api/addBook: the Add Book fields (price in dollars) plus the legacy extras; `priceBdt` may be left out (no taka price). */
export const legacyBookCreateBody = withTakaPrice(bookAddObject.extend(legacyExtras), { required: false }).superRefine(checkWriterSlots);
export type BookCreateValues = z.output<typeof legacyBookCreateBody>;

/** PUT /api/bookUpdate/{id}: the update payload plus any other book field; without `priceBdt` the stored taka price stays. */
export const legacyBookUpdateBody = withTakaPrice(
  z.strictObject({
    ...updateFields,
    ...legacyExtras,
    ...optionalWriters,
    educationWriter1: optionalText('Writer education', TEXT_LIMITS.education),
    interactive: interactiveField.optional(),
  }),
  { required: false },
).superRefine(checkWriterSlots);
export type BookChangeValues = z.output<typeof legacyBookUpdateBody>;
