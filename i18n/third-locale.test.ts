// A new language is a row in the list (i18n/locales.mjs), not code: with a third one added here,
// addresses, the home page's remembered choice, the language switcher, hreflang, the fields that
// take a language and content lookup all follow.
jest.mock('./locales.mjs', () => {
  const actual = jest.requireActual<{ LOCALES: readonly string[] }>('./locales.mjs');
  return { ...actual, LOCALES: [...actual.LOCALES, 'hi'] };
});
// The page's language, as next-intl reports it while rendering.
jest.mock('next-intl/server', () => ({ getLocale: jest.fn(async () => 'hi'), getTranslations: jest.fn() }));

import { localeAlternates } from '@/app/_catalogue/seo';
import { languageOptions } from '@/components/layout/language-options';
import { safeReturnPath } from '@/lib/schemas/auth';
import { localeField } from '@/lib/schemas/locale';
import { redirectStartSchema } from '@/lib/schemas/orders';
import { TRANSLATION_LOCALES, editableTranslations, everyTitle, localizeItem, translated, translatedTexts } from '@/lib/translated-content';
import type { ItemText, Translations } from '@/lib/translated-content';
import { homeRedirectLocale } from './preferred-locale.mjs';
import { isLocale, localePath, routing, splitLocale } from './routing';
import type { Locale } from './routing';
import { englishText } from '@/server/platform/english-text';

// The real types know only the real languages.
const hi = 'hi' as Locale;
const withHindi = (translations: Record<string, Partial<ItemText>>) => translations as Translations<ItemText>;

it('routes the new language under its own prefix, English staying unprefixed', () => {
  expect(routing.locales).toEqual(['en', 'bn', 'hi']);
  expect(isLocale('hi')).toBe(true);
  expect(splitLocale('/hi/courses')).toEqual({ locale: 'hi', path: '/courses' });
  expect(splitLocale('/hi')).toEqual({ locale: 'hi', path: '/' });
  expect(splitLocale('/hindi')).toEqual({ locale: 'en', path: '/hindi' });
  expect(splitLocale('/bn/courses')).toEqual({ locale: 'bn', path: '/courses' });
  expect(splitLocale('/courses')).toEqual({ locale: 'en', path: '/courses' });
  expect(localePath(hi, '/courses')).toBe('/hi/courses');
  expect(localePath(hi, '/')).toBe('/hi');
  expect(localePath('en', '/courses')).toBe('/courses');
});

it('sends the bare home page to the new language for a remembered choice or a browser asking for it first', () => {
  expect(homeRedirectLocale('/', 'a=1; KZ_LOCALE=hi', 'en-US')).toBe('hi');
  expect(homeRedirectLocale('/', undefined, 'hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
  expect(homeRedirectLocale('/', 'KZ_LOCALE=en', 'hi')).toBeNull();
  expect(homeRedirectLocale('/', 'KZ_LOCALE=bn', 'hi')).toBe('bn');
  expect(homeRedirectLocale('/', undefined, 'fr-FR')).toBeNull();
  expect(homeRedirectLocale('/courses', 'KZ_LOCALE=hi', 'hi')).toBeNull();
});

it('offers every other language in the switcher, at the same page', () => {
  expect(languageOptions('en', '/courses')).toEqual([
    { locale: 'bn', href: '/bn/courses' },
    { locale: 'hi', href: '/hi/courses' },
  ]);
  expect(languageOptions('hi', '/')).toEqual([
    { locale: 'en', href: '/' },
    { locale: 'bn', href: '/bn' },
  ]);
});

it('names the new language among the hreflang alternates, English as x-default', async () => {
  await expect(localeAlternates('/courses')).resolves.toEqual({
    canonical: '/hi/courses',
    languages: { 'x-default': '/courses', en: '/courses', bn: '/bn/courses', hi: '/hi/courses' },
  });
});

it('takes the new language where a language is asked for', () => {
  expect(localeField.parse('hi')).toBe('hi');
  expect(localeField.safeParse('fr').error?.issues.map((issue) => englishText(issue.message))).toEqual(['Language must be en, bn or hi']);
  expect(redirectStartSchema.parse({ orderId: 'a'.repeat(24), method: 'bkash', locale: 'hi' }).locale).toBe('hi');
  expect(safeReturnPath('/hi/login')).toBe('/');
  expect(safeReturnPath('/hi/myOrder')).toBe('/hi/myOrder');
});

it('looks content up in the new language, field by field', () => {
  const translations = withHindi({ bn: { title: 'পদার্থবিজ্ঞান' }, hi: { title: 'भौतिकी', description: 'बल और गति' } });
  expect(TRANSLATION_LOCALES).toEqual(['bn', 'hi']);
  expect(translated('Physics', translations, 'title', 'hi')).toBe('भौतिकी');
  expect(translated('Forces', withHindi({ hi: { title: 'भौतिकी' } }), 'description', 'hi')).toBe('Forces');
  expect(localizeItem({ title: 'Physics', ShortDescription: 'Forces', translations }, { title: 'title', description: 'ShortDescription' }, 'hi')).toMatchObject({
    title: 'भौतिकी',
    ShortDescription: 'बल और गति',
  });
  expect(everyTitle('Physics', translations)).toEqual(['Physics', 'পদার্থবিজ্ঞান', 'भौतिकी']);
  expect(translatedTexts(translations, 'description')).toEqual(['बल और गति']);
  expect(editableTranslations(undefined)).toEqual({ bn: { title: '', description: '' }, hi: { title: '', description: '' } });
});
