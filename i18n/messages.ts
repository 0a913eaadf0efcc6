// The messages of each language. While the site is being translated area by area, each area's
// messages live in messages/parts/<area>.<language>.json and are merged here.
import en from '@/messages/en.json';
import catalogueEn from '@/messages/parts/catalogue.en.json';
import itemsEn from '@/messages/parts/items.en.json';
import accountsEn from '@/messages/parts/accounts.en.json';
import checkoutEn from '@/messages/parts/checkout.en.json';
import learningEn from '@/messages/parts/learning.en.json';
import adminFormsEn from '@/messages/parts/admin-forms.en.json';
import adminViewsEn from '@/messages/parts/admin-views.en.json';

export type Messages = typeof en &
  typeof catalogueEn &
  typeof itemsEn &
  typeof accountsEn &
  typeof checkoutEn &
  typeof learningEn &
  typeof adminFormsEn &
  typeof adminViewsEn;

const AREAS = ['catalogue', 'items', 'accounts', 'checkout', 'learning', 'admin-forms', 'admin-views'] as const;

type Tree = { [key: string]: string | Tree };

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] = typeof value === 'object' && typeof existing === 'object' ? merge({ ...existing }, value) : value;
  }
  return target;
}

export async function loadMessages(locale: 'en' | 'bn'): Promise<Messages> {
  const base = (await import(`@/messages/${locale}.json`)).default as Tree;
  const parts = await Promise.all(AREAS.map(async (area) => (await import(`@/messages/parts/${area}.${locale}.json`)).default as Tree));
  return parts.reduce((all, part) => merge(all, part), merge({}, base)) as unknown as Messages;
}
