import 'server-only';
import { errorText } from '@/i18n/error-text';
import type { ErrorTranslator } from '@/i18n/error-text';
import type { FieldErrors } from '@/lib/result';
import { textsIn } from './messages-in';

// The API answers refusals in English, as it always has: a coded message (lib/coded-message.ts)
// becomes its English text here, at the edge. Anything else is already words and stays as it is.

// Codes arrive at run time, so the type checker cannot know them.
const english = textsIn('en', 'errors') as unknown as ErrorTranslator;

export function englishText(message: string): string {
  return errorText(english, message);
}

export function englishFieldErrors(fieldErrors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.map(englishText)]));
}

/** An answer's message: the English text, and its code for clients that show it in another language. */
export function messageBody(message: string): { message: string; code?: string } {
  const text = englishText(message);
  return text === message ? { message } : { message: text, code: message };
}
