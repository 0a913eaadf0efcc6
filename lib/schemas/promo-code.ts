import { coded, composedCode } from '@/lib/coded-message';
import { z } from 'zod';
import { COURSE_LISTS } from '@/lib/catalogue';
import type { CourseList } from '@/lib/catalogue';
import { CURRENCIES } from '@/lib/money';
import { PROMO_CODE_INPUT_PATTERN, PROMO_CODE_RULE, PROMO_SCOPE_KINDS } from '@/lib/promo-codes';
import type { PromoDiscount, PromoScope } from '@/lib/promo-codes';
import { objectIdString } from './orders';

// Promo codes: the admin's form and API body (amounts in dollars or whole taka as typed,
// stored in the currency's minor unit), the buyer's code entry, and the admin list's query. Strict like every schema: unknown fields,
// operator objects and arrays where scalars belong are refused.

/**
 * A code as typed: case and surrounding spaces do not matter (stored upper-cased). The pattern is
 * checked before trimming and upper-casing, so what the OpenAPI document says it accepts is what
 * it accepts.
 */
export const promoCodeField = z
  .string({ error: coded('enterAPromoCode') })
  .min(1, { error: coded('enterAPromoCode'), abort: true })
  .max(64, PROMO_CODE_RULE)
  .regex(PROMO_CODE_INPUT_PATTERN, PROMO_CODE_RULE)
  .trim()
  .toUpperCase();

/** POST /api/order/{id}/promo: the code the buyer typed on the payment page. */
export const promoCodeEntrySchema = z.strictObject({ code: promoCodeField });

/** GET /api/promo-codes: the page of the admin's list. */
export const promoCodeListQuerySchema = z.strictObject({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, coded('invalidPage'))
    .transform(Number)
    .optional(),
});

const NUMBER_MAX = 1_000_000;

/** The currencies an amount-off code can be in: dollars (card payments) or taka (bKash, SSLCommerz). */
export const PROMO_AMOUNT_CURRENCIES = ['usd', 'bdt'] as const;

/** A taka amount off is whole taka, from SSLCommerz's least charge to a price no item comes near. */
export const TAKA_AMOUNT_OFF = { min: 10, max: 500_000 } as const;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (typeof value === 'number' && Number.isNaN(value));
}

/** Inputs send text, the API numbers or digit strings; blank means "not set". Anything else fails the number check. */
function numberOrBlank(value: unknown): unknown {
  if (isBlank(value)) return null;
  if (typeof value === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(value)) return Number(value);
  return value;
}

function optionalCount(label: string, max: number) {
  return z.preprocess(
    numberOrBlank,
    z
      .number({ error: composedCode(`${label} must be a whole number, or empty for no limit`) })
      .int(`${label} must be a whole number`)
      .min(1, composedCode(`${label} must be at least 1, or empty for no limit`))
      .max(max, composedCode(`${label} must be at most ${max}`))
      .nullable(),
  );
}

function optionalNumber(label: string) {
  return z.preprocess(numberOrBlank, z.number({ error: composedCode(`${label} must be a number`) }).nullable());
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayField(label: string) {
  return z
    .union([
      z.literal(''),
      z.null(),
      z
        .string()
        .regex(DAY, composedCode(`${label} must be a date`))
        .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), composedCode(`${label} must be a date`)),
    ], { error: composedCode(`${label} must be a date`) })
    .optional()
    .transform((value) => (value ? value : null));
}

/** The admin form and the API body of POST /api/promo-codes and PUT /api/promo-codes/{id}. */
export const promoCodeSchema = z
  .strictObject({
    code: promoCodeField,
    discountType: z.enum(['percent', 'amount'], { error: coded('chooseAPercentageOrAnAmount') }),
    /** For `percent`: 1 to 100 (100 makes the item free). */
    percentOff: optionalNumber('Percent off').optional(),
    /** For `amount`: in `currency`, as typed: dollars and cents, or whole taka. */
    amountOff: optionalNumber('Amount off').optional(),
    /** For `amount`: the currency of `amountOff`, and of the payments the code applies to; absent: dollars. Ignored for `percent`. */
    currency: z
      .enum(PROMO_AMOUNT_CURRENCIES, { error: coded('chooseDollarsOrTaka') })
      .describe('For an amount off: usd (dollars and cents, off card payments only) or bdt (whole taka from 10 to 500000, off bKash and SSLCommerz payments only); absent: usd')
      .optional(),
    /** First and last day the code works (UTC); empty for no limit. */
    validFrom: dayField('Valid from'),
    validTo: dayField('Valid until'),
    usageLimit: optionalCount('Total uses', NUMBER_MAX).optional(),
    perBuyerLimit: optionalCount('Uses per buyer', 1000).optional(),
    appliesTo: z.enum(PROMO_SCOPE_KINDS, { error: coded('chooseWhatTheCodeAppliesTo') }),
    itemIds: z.array(objectIdString, { error: coded('coursesAndBooksMustBeAListOfIds') }).max(500, coded('chooseAtMost500CoursesAndBooks')).optional(),
    lists: z.array(z.enum(COURSE_LISTS, { error: coded('chooseCourseListsFromTheList') }), { error: coded('courseListsMustBeAList') }).max(COURSE_LISTS.length).optional(),
    active: z.boolean({ error: coded('activeMustBeYesOrNo') }),
  })
  .superRefine((input, context) => {
    if (input.discountType === 'percent') {
      const percent = input.percentOff ?? null;
      if (percent === null) context.addIssue({ code: 'custom', path: ['percentOff'], message: coded('percentOffIsRequired') });
      else if (!Number.isInteger(percent) || percent < 1 || percent > 100) context.addIssue({ code: 'custom', path: ['percentOff'], message: coded('percentOffMustBeAWholeNumberFrom1To100') });
    } else if (input.currency === 'bdt') {
      const taka = input.amountOff ?? null;
      const { min, max } = TAKA_AMOUNT_OFF;
      if (taka === null) context.addIssue({ code: 'custom', path: ['amountOff'], message: coded('amountOffIsRequired') });
      else if (!Number.isInteger(taka)) context.addIssue({ code: 'custom', path: ['amountOff'], message: coded('amountOffInTakaMustBeAWholeNumber') });
      else if (taka < min || taka > max) context.addIssue({ code: 'custom', path: ['amountOff'], message: coded('amountOffInTakaMustBeFrom', { min, max }) });
    } else {
      const dollars = input.amountOff ?? null;
      if (dollars === null) context.addIssue({ code: 'custom', path: ['amountOff'], message: coded('amountOffIsRequired') });
      else if (dollars < 0.01 || dollars > NUMBER_MAX) context.addIssue({ code: 'custom', path: ['amountOff'], message: coded('amountOffMustBeFrom', { max: NUMBER_MAX }) });
      else if (Math.abs(dollars * 100 - Math.round(dollars * 100)) > 1e-6) context.addIssue({ code: 'custom', path: ['amountOff'], message: coded('amountOffCanHaveAtMostTwoDecimals') });
    }
    if (input.validFrom && input.validTo && input.validTo < input.validFrom) {
      context.addIssue({ code: 'custom', path: ['validTo'], message: coded('validUntilMustNotBeBeforeValidFrom') });
    }
    const usageLimit = input.usageLimit ?? null;
    const perBuyerLimit = input.perBuyerLimit ?? null;
    if (usageLimit !== null && perBuyerLimit !== null && perBuyerLimit > usageLimit) {
      context.addIssue({ code: 'custom', path: ['perBuyerLimit'], message: coded('usesPerBuyerCannotBeMoreThanTotalUses') });
    }
    if (input.appliesTo === 'items' && (input.itemIds ?? []).length === 0) {
      context.addIssue({ code: 'custom', path: ['itemIds'], message: coded('chooseAtLeastOneCourseOrBook') });
    }
    if (input.appliesTo === 'lists' && (input.lists ?? []).length === 0) {
      context.addIssue({ code: 'custom', path: ['lists'], message: coded('chooseAtLeastOneCourseList') });
    }
  })
  .transform((input): PromoCodeValues => {
    const currency = input.currency ?? 'usd';
    const discount: PromoDiscount =
      input.discountType === 'percent'
        ? { kind: 'percent', percent: input.percentOff ?? 0 }
        : { kind: 'amount', amountCents: Math.round((input.amountOff ?? 0) * CURRENCIES[currency].minorPerMajor), currency };
    const scope: PromoScope =
      input.appliesTo === 'items'
        ? { kind: 'items', itemIds: [...new Set((input.itemIds ?? []).map((id) => id.toLowerCase()))] }
        : input.appliesTo === 'lists'
          ? { kind: 'lists', lists: [...new Set<CourseList>(input.lists ?? [])] }
          : { kind: input.appliesTo };
    return {
      code: input.code,
      discount,
      validFrom: input.validFrom,
      validTo: input.validTo,
      usageLimit: input.usageLimit ?? null,
      perBuyerLimit: input.perBuyerLimit ?? null,
      scope,
      active: input.active,
    };
  });

export type PromoCodeValues = {
  code: string;
  discount: PromoDiscount;
  /** yyyy-mm-dd, UTC: the first and the last day the code works. */
  validFrom: string | null;
  validTo: string | null;
  usageLimit: number | null;
  perBuyerLimit: number | null;
  scope: PromoScope;
  active: boolean;
};
export type PromoCodeInput = z.input<typeof promoCodeSchema>;
