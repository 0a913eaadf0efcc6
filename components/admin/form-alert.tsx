'use client';

import { useErrorText } from '@/i18n/use-error-text';

/** What the alert says when the browser refused the input: the messages are under the fields. */
export const CORRECT_THE_FIELDS = 'pleaseCorrectTheHighlightedFields';

/**
 * A failed save, said beside the submit button: a refusal in the browser would otherwise show only
 * under a field the admin may have scrolled past, and a server error of no single input (the whole
 * form, a group of inputs) would be shown nowhere.
 */
export function FormAlert({ messages }: { messages: readonly string[] }) {
  const errorText = useErrorText();
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200">
      {[...new Set(messages)].map((message) => (
        <p key={message}>{errorText(message)}</p>
      ))}
    </div>
  );
}
