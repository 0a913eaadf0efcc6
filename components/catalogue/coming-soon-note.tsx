import { getTranslations } from 'next-intl/server';

/** In place of Buy Now on a course without lessons or a book without its file: listed, not sold yet. */
export async function ComingSoonNote() {
  const t = await getTranslations('catalogue');
  return <p className="rounded-md bg-amber-100 px-4 py-2 text-center font-semibold text-amber-900">{t('comingSoon')}</p>;
}
