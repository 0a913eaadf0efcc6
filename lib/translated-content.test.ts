// A third language is a row in the locale list, not code: with one added, content lookup, the
// admin forms' fields and their validation all follow.
jest.mock('@/i18n/routing', () => ({
  DEFAULT_LOCALE: 'en',
  routing: { locales: ['en', 'bn', 'hi'], defaultLocale: 'en' },
  LANGUAGE_NAMES: { en: 'English', bn: 'Bengali', hi: 'Hindi' },
}));

import { itemTranslationsField } from './schemas/admin-fields';
import { TRANSLATION_LOCALES, editableTranslations, everyTitle, localizeItem, translated } from './translated-content';
import type { ItemText, Translations } from './translated-content';

// The mocked list has a language the real types do not know of.
const withHindi = (translations: Record<string, Partial<ItemText>>) => translations as Translations<ItemText>;

it('translates into every site language but the default one', () => {
  expect(TRANSLATION_LOCALES).toEqual(['bn', 'hi']);
});

it('shows each field in the reader’s language where written, else the default text', () => {
  const translations = withHindi({ bn: { title: 'পদার্থবিজ্ঞান' }, hi: { title: 'भौतिकी', description: 'बल और गति' } });
  expect(translated('Physics', translations, 'title', 'bn')).toBe('পদার্থবিজ্ঞান');
  expect(translated('Forces', translations, 'description', 'bn')).toBe('Forces');
  expect(translated('Forces', translations, 'description', 'hi')).toBe('बल और गति');
  expect(translated('Physics', translations, 'title', 'en')).toBe('Physics');
  expect(translated('Physics', undefined, 'title', 'hi')).toBe('Physics');

  const course = { title: 'Physics', ShortDescription: 'Forces', translations };
  expect(localizeItem(course, { title: 'title', description: 'ShortDescription' }, 'hi')).toMatchObject({ title: 'भौतिकी', ShortDescription: 'बल और गति' });
  expect(localizeItem(course, { title: 'title', description: 'ShortDescription' }, 'bn')).toMatchObject({ title: 'পদার্থবিজ্ঞান', ShortDescription: 'Forces' });
  expect(everyTitle('Physics', translations)).toEqual(['Physics', 'পদার্থবিজ্ঞান', 'भौतिकी']);
});

it('gives the admin forms one group of fields per language, checked with the language named', () => {
  expect(editableTranslations(withHindi({ hi: { title: 'भौतिकी' } }))).toEqual({ bn: { title: '', description: '' }, hi: { title: 'भौतिकी', description: '' } });
  const field = itemTranslationsField(100);
  expect(field.parse({ hi: { title: ' भौतिकी ', description: '' } })).toEqual({ hi: { title: 'भौतिकी' } });
  // The message's code names the language; its texts are rows a real new language adds to the messages.
  expect(field.safeParse({ hi: { title: 'x'.repeat(201) } }).error?.issues.map((issue) => issue.message)).toEqual(['hindiTitleMustBeAtMost200Characters']);
  expect(field.safeParse({ fr: { title: 'Physique' } }).success).toBe(false);
});
