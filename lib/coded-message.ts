import type en from '@/messages/en.json';

// Refusals and validation messages travel by code: a key of the `errors` messages, written where
// the rule lives (a schema, a domain operation). The page shows the code's text in its language
// (i18n/error-text.ts); the API answers the English text (server/platform/english-text.ts). A
// message with variable parts carries them after the code, as JSON so a number stays a number
// (each language writes it in its own digits) and a name made of digits stays a name:
// `youHaveUsedAllAttemptsAtThisQuiz?{"attempts":3}`. Rewording a text never loses its
// translations, because nothing looks a text up by its words.

export type ErrorCode = keyof (typeof en)['errors'];

export type MessageValues = Record<string, string | number>;

/** A code with the values of its text, as `coded` writes it. */
type CodedWithValues = string & { readonly codedWithValues: true };

/** A code, or a code with the values of its text. */
export type CodedMessage = ErrorCode | CodedWithValues;

const CODE = /^[a-z][A-Za-z0-9]*$/;

/** `code` with `values`, as it travels. */
export function coded(code: ErrorCode, values?: MessageValues): CodedMessage {
  if (!values || Object.keys(values).length === 0) return code;
  return `${code}?${JSON.stringify(values)}` as CodedWithValues;
}

/**
 * Codes a schema helper that serves many fields puts together from a field's label and a rule
 * ("Bengali title" and "is required": `bengaliTitleIsRequired`). The type checker cannot see them,
 * so each is noted here when its schema is built, and the messages test checks that every one has
 * a text in every language. A fixed list, filled as the schema modules load (the same in every
 * process); no rule reads it.
 */
export const COMPOSED_CODES = new Map<string, string>();

/** The code of a label and a rule, in words; see COMPOSED_CODES. */
export function composedCode(words: string): CodedMessage {
  const code = words
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word, index) => (index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
    .join('');
  COMPOSED_CODES.set(code, words);
  return code as CodedWithValues;
}

/** A text's code and values, or null when the text is not a coded message (a provider's own words). */
export function parseCoded(text: string): { code: string; values: MessageValues } | null {
  const separator = text.indexOf('?');
  const code = separator === -1 ? text : text.slice(0, separator);
  if (!CODE.test(code)) return null;
  if (separator === -1) return { code, values: {} };
  const values = parseValues(text.slice(separator + 1));
  return values ? { code, values } : null;
}

function parseValues(json: string): MessageValues | null {
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed);
    return entries.every(([, value]) => typeof value === 'string' || typeof value === 'number') ? (Object.fromEntries(entries) as MessageValues) : null;
  } catch {
    return null;
  }
}

/**
 * The first problem a schema found, as it travels. The schemas write codes; a check without its
 * own message carries zod's English words, which are shown as written.
 */
export function firstIssueMessage(issues: readonly { message: string }[], fallback: ErrorCode): CodedMessage {
  return (issues[0]?.message ?? fallback) as CodedWithValues;
}
