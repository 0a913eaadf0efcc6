import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { homeRedirectLocale } from './preferred-locale.mjs';
import { createTranslator } from 'use-intl/core';
import { errorText, messageKey } from './error-text';
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

  it('keys each validation message by its English text', () => {
    for (const [key, english] of en) {
      // A message with varying numbers is written with {n1}, {n2}, … and keyed with N in their place.
      if (key.startsWith('errors.')) expect({ key, derived: `errors.${messageKey(english.replace(/\{n\d+\}/g, 'N'))}` }).toEqual({ key, derived: key });
    }
  });
});

describe('domain messages', () => {
  /** The text of every HttpError written as a literal in the server's code and its routes. */
  function literalDomainMessages(): { file: string; message: string }[] {
    const root = path.resolve(__dirname, '..');
    return ['server', 'app'].flatMap((folder) =>
      (readdirSync(path.join(root, folder), { recursive: true }) as string[])
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .flatMap((file) =>
          [...readFileSync(path.join(root, folder, file), 'utf8').matchAll(/new HttpError\(\s*\d+\s*,\s*'((?:[^'\\]|\\.)*)'/g)].map((match) => ({ file: `${folder}/${file}`, message: match[1]! })),
        ),
    );
  }

  it('has a text in every language for every message the server answers in words of its own', () => {
    const en = allMessages('en');
    const bn = allMessages('bn');
    const messages = literalDomainMessages();
    expect(messages.length).toBeGreaterThan(100);
    const untranslated = messages.filter(({ message }) => !en.has(`errors.${messageKey(message)}`) || !bn.has(`errors.${messageKey(message)}`));
    expect(untranslated).toEqual([]);
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

describe('validation messages on a Bengali page', () => {
  const t = createTranslator({ locale: 'bn', messages: read('bn.json'), namespace: 'errors', timeZone: 'UTC' }) as unknown as ErrorTranslator;

  it('are shown in Bengali, with the numbers of a message whose numbers vary in Bengali digits', () => {
    expect(errorText(t, 'email is requires')).toMatch(/[\u0980-\u09FF]/u);
    expect(errorText(t, 'You have used all 3 attempts at this quiz.')).toBe('এই কুইজে আপনার ৩টি চেষ্টার সবকটি ব্যবহার করা হয়ে গেছে।');
    expect(errorText(t, 'You have used all 12 attempts at this quiz.')).toBe('এই কুইজে আপনার ১২টি চেষ্টার সবকটি ব্যবহার করা হয়ে গেছে।');
  });

  it('are shown as written when there is no translation', () => {
    expect(errorText(t, 'A promo code SPRING already exists. Codes are not case-sensitive: choose another one.')).toMatch(/^A promo code SPRING/);
    expect(errorText(t, 'Something 42 nobody wrote')).toBe('Something 42 nobody wrote');
  });
});
