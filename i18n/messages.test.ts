import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { homeRedirectLocale } from './preferred-locale.mjs';
import { createTranslator } from 'use-intl/core';
import { COMPOSED_CODES, coded } from '@/lib/coded-message';
import { errorText } from './error-text';
import type { ErrorTranslator } from './error-text';
import { localePath, splitLocale } from './routing';

// Every text exists in both languages: the same keys, nothing empty, the same placeholders, and
// every Bengali text is written in Bengali script (a copy of the English would pass otherwise).

type Tree = { [key: string]: string | Tree };

const MESSAGES = path.resolve(__dirname, '../messages');

function read(file: string): Tree {
  return JSON.parse(readFileSync(path.join(MESSAGES, file), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(name, value);
    else for (const [inner, text] of flatten(value, name)) entries.set(inner, text);
  }
  return entries;
}

/** `{name}`, `{count, plural, …}` → the argument names a message uses. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*[,}]/g)].map((match) => match[1]!))].sort();
}

function allMessages(locale: 'en' | 'bn'): Map<string, string> {
  return flatten(read(`${locale}.json`));
}

// Texts the Bengali site keeps as they are: only placeholders and punctuation, brand and product
// names, and what a card form prints the same in every language.
const SAME_IN_BOTH = /^(Google Play|App Store|Facebook|YouTube|Instagram|LinkedIn|Stripe|SSLCommerz|PDF|MP3|English|Knowledge Zone|CVC|MM \/ YY)$/u;
const withoutPlaceholders = (text: string) => text.replace(/\{[^{}]*\}/g, '');

describe('messages', () => {
  const en = allMessages('en');
  const bn = allMessages('bn');

  it('has the same keys in English and Bengali', () => {
    expect([...bn.keys()].filter((key) => !en.has(key))).toEqual([]);
    expect([...en.keys()].filter((key) => !bn.has(key))).toEqual([]);
  });

  it('has no empty text, and the same placeholders in both languages', () => {
    for (const [key, english] of en) {
      const bengali = bn.get(key) ?? '';
      expect({ key, empty: english.trim() === '' || bengali.trim() === '' }).toEqual({ key, empty: false });
      expect({ key, placeholders: placeholders(bengali) }).toEqual({ key, placeholders: placeholders(english) });
    }
  });

  it('writes every Bengali text in Bengali script, brand names and numbers aside', () => {
    const untranslated = [...bn]
      .filter(([key, text]) => !/[\u0980-\u09FF]/u.test(text) && /\p{L}/u.test(withoutPlaceholders(text)) && !SAME_IN_BOTH.test(text) && text === en.get(key))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

});

describe('error codes', () => {
  const root = path.resolve(__dirname, '..');
  const en = allMessages('en');
  const bn = allMessages('bn');
  const hasText = (code: string) => en.has(`errors.${code}`) && bn.has(`errors.${code}`);

  function sources(folder: string): { file: string; text: string }[] {
    return (readdirSync(path.join(root, folder), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file))
      .map((file) => ({ file: `${folder}/${file}`, text: readFileSync(path.join(root, folder, file), 'utf8') }));
  }

  it('has a text in every language for every code the schemas put together from a field and a rule', () => {
    // Building every schema notes each code its helpers compose.
    for (const { file } of sources('lib/schemas')) jest.requireActual(path.join(root, file));
    expect(COMPOSED_CODES.size).toBeGreaterThan(100);
    expect([...COMPOSED_CODES].filter(([code]) => !hasText(code))).toEqual([]);
  });

  /** Words written where a schema gives a message: `{ error: 'Title is required' }`, `.max(200, 'Too long')`. */
  function wordedMessages(text: string): string[] {
    const MESSAGE = /(?:\berror|\bmessage):\s*(['"`])((?:(?!\1).)*)\1|\.(?:min|max|length|regex|refine|int|email|url)\([^()]*?,\s*(['"`])((?:(?!\3).)*)\3\)/g;
    return [...text.matchAll(MESSAGE)].map((match) => match[2] ?? match[4] ?? '').filter((message) => !hasText(message));
  }

  it('writes a code, not words, wherever a schema gives a message', () => {
    expect(wordedMessages(`z.string({ error: 'Title is required' }).max(200, "Title is too long").min(1, 'titleIsRequired')`)).toEqual(['Title is required', 'Title is too long']);
    expect(sources('lib/schemas').flatMap(({ file, text }) => wordedMessages(text).map((message) => ({ file, message })))).toEqual([]);
  });
});

describe('addresses', () => {
  it('keeps English at the old addresses and puts Bengali under /bn', () => {
    expect(splitLocale('/bn/courses')).toEqual({ locale: 'bn', path: '/courses' });
    expect(splitLocale('/bn')).toEqual({ locale: 'bn', path: '/' });
    expect(splitLocale('/bnx')).toEqual({ locale: 'en', path: '/bnx' });
    expect(splitLocale('/courses')).toEqual({ locale: 'en', path: '/courses' });
    expect(localePath('bn', '/')).toBe('/bn');
    expect(localePath('bn', '/book/1')).toBe('/bn/book/1');
    expect(localePath('en', '/book/1')).toBe('/book/1');
  });

  it('sends the bare home page to Bengali only for a remembered choice or a first visit asking for Bengali first', () => {
    expect(homeRedirectLocale('/', 'KZ_LOCALE=bn', 'en-US')).toBe('bn');
    expect(homeRedirectLocale('/', 'a=1; KZ_LOCALE=en', 'bn-BD,bn;q=0.9')).toBeNull();
    expect(homeRedirectLocale('/', '', 'bn-BD,bn;q=0.9,en;q=0.8')).toBe('bn');
    expect(homeRedirectLocale('/', undefined, 'en-GB,bn;q=0.9')).toBeNull();
    expect(homeRedirectLocale('/', undefined, 'en;q=0.5,bn;q=0.8')).toBe('bn');
    expect(homeRedirectLocale('/', undefined, undefined)).toBeNull();
    expect(homeRedirectLocale('/courses', 'KZ_LOCALE=bn', 'bn')).toBeNull();
    expect(homeRedirectLocale('/bn', 'KZ_LOCALE=bn', 'bn')).toBeNull();
  });
});

describe('coded messages on a Bengali page', () => {
  const t = createTranslator({ locale: 'bn', messages: read('bn.json'), namespace: 'errors', timeZone: 'UTC' }) as unknown as ErrorTranslator;

  it('are shown in Bengali, with their numbers in Bengali digits', () => {
    expect(errorText(t, 'provideAValidEmail')).toMatch(/[\u0980-\u09FF]/u);
    expect(errorText(t, coded('youHaveUsedAllAttemptsAtThisQuiz', { attempts: 3 }))).toBe('এই কুইজে আপনার ৩টি চেষ্টার সবকটি ব্যবহার করা হয়ে গেছে।');
    expect(errorText(t, coded('youHaveUsedAllAttemptsAtThisQuiz', { attempts: 12 }))).toBe('এই কুইজে আপনার ১২টি চেষ্টার সবকটি ব্যবহার করা হয়ে গেছে।');
  });

  it('keep the words a value carries, and word a value that is a code itself', () => {
    expect(errorText(t, coded('aPromoCodeAlreadyExists', { code: 'SPRING?&=' }))).toMatch(/^SPRING\?&= নামে/u);
    expect(errorText(t, coded('questionProblem', { number: 2, problem: 'addAtLeastTwoOptions' }))).toBe(`প্রশ্ন ২: ${errorText(t, 'addAtLeastTwoOptions')}`);
  });

  it('are shown as the API worded them when the answer has a code the page does not know, and as written when not coded', () => {
    expect(errorText(t, { message: 'Something nobody coded', code: 'notACodeAnyoneWrote' })).toBe('Something nobody coded');
    expect(errorText(t, { message: 'In English', code: 'provideAValidEmail' })).toMatch(/[\u0980-\u09FF]/u);
    expect(errorText(t, 'Your card was declined by the bank')).toBe('Your card was declined by the bank');
  });
});
