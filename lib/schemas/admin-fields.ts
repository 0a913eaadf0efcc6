import { coded, composedCode } from '@/lib/coded-message';
import { z } from 'zod';
import { LANGUAGE_NAMES } from '@/i18n/routing';
import { LIMITS } from '@/lib/catalogue';
import { byTranslationLocale } from '@/lib/translated-content';

// Field rules shared by the admin forms (course, book, blog, instructor) and the legacy API that
// writes the same records. Every message names its field, so it reads well under the input.

export const TEXT_LIMITS = {
  name: 120,
  title: 200,
  education: 200,
  short: 2000,
  long: 10_000,
  blog: 50_000,
  address: 2048,
  fileSize: 30,
} as const;

/** Counts, pages and prices stay far below anything a real catalogue needs. */
const NUMBER_MAX = 1_000_000;

export function requiredText(label: string, max: number) {
  return z
    .string({ error: composedCode(`${label} is required`) })
    .trim()
    .min(1, { error: composedCode(`${label} is required`), abort: true })
    .max(max, composedCode(`${label} must be at most ${max} characters`));
}

/**
 * Text an admin may leave empty, kept as written: an objective's or a syllabus part's point or
 * title, which a new course or book starts without (the pages leave an empty one out). The legacy
 * API's read-then-update round trip sends the empty ones back.
 */
function writtenText(label: string, max: number) {
  return z
    .string({ error: composedCode(`${label} must be text`) })
    .trim()
    .max(max, composedCode(`${label} must be at most ${max} characters`));
}

/** An objective's three points (the legacy API's `objective`), each may be empty. */
export const pointsSchema = z.strictObject({
  point1: writtenText('Point 1', TEXT_LIMITS.short),
  point2: writtenText('Point 2', TEXT_LIMITS.short),
  point3: writtenText('Point 3', TEXT_LIMITS.short),
});

/** A syllabus part: a title and three points, each may be empty. */
export const syllabusPartSchema = pointsSchema.extend({ title: writtenText('Syllabus title', TEXT_LIMITS.title) });

/** Optional text (a book's second writer): blank means absent, so nothing empty is stored. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: composedCode(`${label} must be text`) })
    .trim()
    .max(max, composedCode(`${label} must be at most ${max} characters`))
    .transform((value) => (value ? value : undefined))
    .optional();
}

/** The fields that were written: a translation's blank texts are left out rather than stored empty. */
function writtenFields<Texts extends Record<string, unknown>>(texts: Texts): Partial<Texts> {
  return Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== undefined)) as Partial<Texts>;
}

/**
 * Optional translations of some texts, one object per translated language
 * (lib/translated-content.ts): `{ bn: { title, description } }`. `textsIn` gives a language's
 * fields, their messages naming the language ("Bengali title …"). Blank texts are left out, so
 * `{ bn: {} }` clears a language; a language left out keeps what is stored.
 */
export function translationsField<Shape extends z.ZodRawShape>(textsIn: (language: string) => Shape, what: string) {
  return z
    .strictObject(
      byTranslationLocale((locale) => {
        const language = LANGUAGE_NAMES[locale];
        return z.strictObject(textsIn(language), { error: composedCode(`${language} ${what} must be texts`) }).transform(writtenFields).optional();
      }),
      { error: coded('translationsMustBeGivenByLanguage') },
    )
    .optional();
}

/** A catalogue item's optional translated title and description. */
export function itemTranslationsField(descriptionMax: number) {
  return translationsField(
    (language) => ({ title: optionalText(`${language} title`, TEXT_LIMITS.title), description: optionalText(`${language} description`, descriptionMax) }),
    'title and description',
  );
}

/** Our own uploads (`/media/<id>`) and the seed's demo pictures (`/demo/…`). */
const LOCAL_IMAGE = /^\/(?:media\/[0-9a-f]{24}|demo\/[a-z0-9][a-z0-9/-]*\.(?:webp|png|jpe?g))$/i;

/** An image this site serves itself: nothing else on the site (an API address, a `..` path) passes. */
export function isSiteImageAddress(value: string): boolean {
  return LOCAL_IMAGE.test(value);
}

export function isImageAddress(value: string): boolean {
  if (isSiteImageAddress(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** An uploaded image's address or an https:// URL (images are shown from either). */
export function imageField(label: string) {
  return requiredText(label, TEXT_LIMITS.address).refine(isImageAddress, composedCode(`${label} must be an uploaded image or an https:// address`));
}

export function optionalImageField(label: string) {
  return z
    .string({ error: composedCode(`${label} must be text`) })
    .trim()
    .max(TEXT_LIMITS.address, composedCode(`${label} must be at most ${TEXT_LIMITS.address} characters`))
    .refine((value) => value === '' || isImageAddress(value), composedCode(`${label} must be an uploaded image or an https:// address`))
    .transform((value) => (value ? value : undefined))
    .optional();
}

/** A social profile or similar link: http(s) only, so it can never become a script link. */
export function webAddressField(label: string) {
  return requiredText(label, TEXT_LIMITS.address).refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, composedCode(`${label} must be a web address starting with https://`));
}

/**
 * Number inputs arrive as numbers from the forms (valueAsNumber) and often as digit strings from
 * the old client; both are accepted. Anything else (objects, arrays, "12abc") stays as it is and
 * fails the number check.
 */
function fromDigits(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(value)) return Number(value);
  return value;
}

function isBlank(input: unknown): boolean {
  return input === undefined || input === null || input === '' || (typeof input === 'number' && Number.isNaN(input));
}

function numberOf(label: string) {
  const required = composedCode(`${label} is required`);
  const notANumber = composedCode(`${label} must be a number`);
  return z.number({ error: (issue) => (isBlank(issue.input) ? required : notANumber) });
}

/** A whole number of at least `min` (videos, quizzes, notes, pages). */
export function countField(label: string, min: number) {
  return z.preprocess(
    fromDigits,
    numberOf(label)
      .int(`${label} must be a whole number`)
      .min(min, composedCode(`${label} must be at least ${min}`))
      .max(NUMBER_MAX, composedCode(`${label} must be at most ${NUMBER_MAX}`)),
  );
}

/**
 * A course's hours, in tenths: a course with lessons shows its curriculum's length so (a 6-minute
 * course has 0.1 hours, server/learning/curriculum.ts), and the forms and the API take back what they show.
 */
export function hoursField(min: number) {
  return z.preprocess(
    fromDigits,
    numberOf('Hours')
      .min(min, composedCode(`Hours must be at least ${min}`))
      .max(NUMBER_MAX, composedCode(`Hours must be at most ${NUMBER_MAX}`))
      .refine((hours) => Math.abs(hours * 10 - Math.round(hours * 10)) < 1e-6, coded('hoursCanHaveAtMostOneDecimal'))
      // 0.30000000000000004 typed or computed is stored as 0.3.
      .transform((hours) => Math.round(hours * 10) / 10),
  );
}

/** A course's price may also be 0: a free course. */
export const FREE_OR_MINIMUM_PRICE = composedCode(`Price must be 0 (free) or at least ${LIMITS.priceMinDollars}`);

/**
 * A price in dollars as typed (docs/product.md §9: minimum 1); stored as integer cents by the server.
 * `free: true` (courses) also takes exactly 0: the course is free, enrolled in without a card.
 */
export function priceField({ free = false }: { free?: boolean } = {}) {
  const tooLow = free ? FREE_OR_MINIMUM_PRICE : composedCode(`Price must be at least ${LIMITS.priceMinDollars}`);
  return z.preprocess(
    fromDigits,
    numberOf('Price')
      .refine((dollars) => dollars >= LIMITS.priceMinDollars || (free && dollars === 0), tooLow)
      .refine((dollars) => dollars <= NUMBER_MAX, composedCode(`Price must be at most ${NUMBER_MAX}`))
      .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, coded('priceCanHaveAtMostTwoDecimals')),
  );
}

/** The taka price's messages that depend on the dollar price (withTakaPrice). */
export const TAKA_PRICE_MESSAGES = {
  required: coded('priceInTakaIsRequired'),
  tooLow: composedCode(`Price in taka must be at least ${LIMITS.priceMinTaka}`),
  free: coded('priceInTakaMustBe0ForAFreeCourse'),
} as const;

/**
 * A price in taka as typed (`priceBdt`, up to two decimals); stored as integer paisa by the
 * server. Blank is absent: whether it may be, and its minimum, depend on the dollar price, so
 * withTakaPrice judges them on the whole form.
 */
export function takaPriceField() {
  return z
    .preprocess(
      (value) => (isBlank(value) || (typeof value === 'string' && value.trim() === '') ? undefined : fromDigits(value)),
      numberOf('Price in taka')
        .refine((taka) => taka <= LIMITS.priceMaxTaka, composedCode(`Price in taka must be at most ${LIMITS.priceMaxTaka}`))
        .refine((taka) => Math.abs(taka * 100 - Math.round(taka * 100)) < 1e-6, coded('priceInTakaCanHaveAtMostTwoDecimals'))
        .optional(),
    )
    .optional()
    .describe('Price in Bangladeshi taka (৳, up to two decimals; stored as paisa). 0 or left out for a free course, otherwise 10 to 500000');
}

type Priced = { price: number; priceBdt?: number | undefined };

/**
 * The taka price against the dollar price: free stays free (a dollar price of 0 takes a taka
 * price of 0 or none, and 0 is stored); a paid item costs at least ৳10 in taka, the least
 * SSLCommerz takes. `required`: the admin forms ask for it; the legacy API may leave it out (the
 * item then has no taka price, or an update keeps the one stored).
 */
function checkTakaPrice(required: boolean) {
  return (values: Priced, context: z.RefinementCtx) => {
    const { price, priceBdt } = values;
    if (typeof price !== 'number') return;
    const issue = (message: string) => context.addIssue({ code: 'custom', path: ['priceBdt'], message });
    if (price === 0) {
      if (priceBdt !== undefined && priceBdt !== 0) issue(TAKA_PRICE_MESSAGES.free);
    } else if (priceBdt === undefined) {
      if (required) issue(TAKA_PRICE_MESSAGES.required);
    } else if (priceBdt < LIMITS.priceMinTaka) {
      issue(TAKA_PRICE_MESSAGES.tooLow);
    }
  };
}

/**
 * `schema` (a course or book form or legacy body) with its taka price checked against its dollar
 * price. The check runs as soon as both prices are valid, so a form shows its message with the
 * other fields' (zod still skips it while a required text is blank: those stop every later check).
 */
export function withTakaPrice<Schema extends z.ZodType<Priced>>(schema: Schema, { required }: { required: boolean }): Schema {
  return schema.superRefine(checkTakaPrice(required), {
    when: (payload) => !payload.issues.some((issue) => {
      const field = issue.path?.[0];
      return field === undefined || field === 'price' || field === 'priceBdt';
    }),
  });
}

/** One of a fixed list, with one message for a missing and a wrong choice alike. */
export function choiceField<const Values extends readonly [string, ...string[]]>(values: Values, message: string) {
  return z.enum(values, { error: message });
}

/** Dollars or taka as typed (at most two decimals) → integer cents or paisa as stored: money is integers in minor units. */
export function minorUnitsOf(amount: number): number {
  return Math.round(amount * 100);
}
