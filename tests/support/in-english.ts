// The English a coded message (lib/coded-message.ts) reads as: the words the API answers, which the
// tests of rules whose wording the product keeps compare.
import { createTranslator } from 'use-intl/core';
import { errorText } from '@/i18n/error-text';
import type { ErrorTranslator } from '@/i18n/error-text';
import type { FieldErrors } from '@/lib/result';
import en from '@/messages/en.json';

const english = createTranslator({ locale: 'en', messages: en, namespace: 'errors', timeZone: 'UTC' }) as unknown as ErrorTranslator;

export function inEnglish(message: string): string {
  return errorText(english, message);
}

export function fieldErrorsInEnglish(fieldErrors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.map(inEnglish)]));
}
