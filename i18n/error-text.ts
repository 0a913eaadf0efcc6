import { parseCoded } from '@/lib/coded-message';
import type { MessageValues } from '@/lib/coded-message';

// Refusals and validation messages arrive as codes (lib/coded-message.ts); a page shows each in its
// own language through the `errors` messages. A text that is not a code (a payment provider's own
// words, a record written before messages had codes) is shown as written.

/** A translator of the `errors` namespace, whose keys arrive at run time. */
export type ErrorTranslator = { (key: string, values?: Record<string, string | number>): string; has: (key: string) => boolean };

/** An API's refusal: its English `message` and, where it has one, its `code`. */
export type ErrorAnswer = { message?: string; code?: string };

/** What an API's JSON answer says, as it travels in the page: its code when it has one, else its words. */
export function answerMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return code;
  return typeof message === 'string' ? message : undefined;
}

/** The first message about `field` in an API's refusal, coded when the answer codes it. */
export function answerFieldError(answer: { fieldErrors?: Record<string, string[] | undefined>; fieldErrorCodes?: Record<string, string[] | undefined> }, field: string): string | undefined {
  return answer.fieldErrorCodes?.[field]?.[0] ?? answer.fieldErrors?.[field]?.[0];
}

/** A coded message (or an API's answer carrying one) in the language of `t`. */
export function errorText(t: ErrorTranslator, message: string | ErrorAnswer): string {
  const text = typeof message === 'string' ? message : (message.code ?? message.message ?? '');
  const parsed = parseCoded(text);
  if (parsed && t.has(parsed.code)) return t(parsed.code, translatedValues(t, parsed.values));
  return typeof message === 'string' ? message : (message.message ?? text);
}

/** A value that is itself a coded message (a quiz question's problem) is worded too. */
function translatedValues(t: ErrorTranslator, values: MessageValues): MessageValues {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? nestedText(t, value) : value]));
}

function nestedText(t: ErrorTranslator, value: string): string {
  const parsed = parseCoded(value);
  return parsed && t.has(parsed.code) ? t(parsed.code, parsed.values) : value;
}
