// Validation and domain messages are written in English once, where the rule lives (the zod
// schemas in lib/schemas, the domain's HttpErrors), because the API answers them in English. A page
// shows them in its own language through the `errors` messages, keyed by messageKey(english):
// "Email is required" → "emailIsRequired". A message whose numbers vary ("You have used all 3
// attempts at this quiz.") is keyed with each number as N and translated with them as {n1}, {n2}, …
// A message without a translation (one carrying a name or a price) is shown as written.

/** A translator of the `errors` namespace, whose keys are looked up at run time. */
export type ErrorTranslator = { (key: string, values?: Record<string, number>): string; has: (key: string) => boolean };

const NUMBERS = /\d+/g;

/** The `errors` message key of an English message: its words in camelCase, at most 12 of them. */
export function messageKey(english: string): string {
  const words = english
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 12);
  return words.map((word, index) => (index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase())).join('');
}

/** `english` in the language of `t` (a translator of the `errors` namespace). */
export function errorText(t: ErrorTranslator, english: string): string {
  const key = messageKey(english);
  if (key && t.has(key)) return t(key);
  const numbers = english.match(NUMBERS);
  if (!numbers) return english;
  const templateKey = messageKey(english.replace(NUMBERS, 'N'));
  if (!t.has(templateKey)) return english;
  return t(templateKey, Object.fromEntries(numbers.map((number, index) => [`n${index + 1}`, Number(number)])));
}
