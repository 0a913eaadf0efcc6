import { getTranslations } from 'next-intl/server';

/**
 * Says on every page that this shop sells for Stripe's public test card. The root layout shows it
 * whenever the sandbox gateway takes the payments (server/payments/mode.ts).
 */
export async function DemoBanner() {
  const t = await getTranslations('layout');
  return (
    <aside aria-label={t('demoShopLabel')} className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950">
      {t('demoShop')}
    </aside>
  );
}
