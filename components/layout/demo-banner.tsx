import { getTranslations } from 'next-intl/server';

/**
 * Says on every page that this shop takes no real money: the sandbox gateway sells for Stripe's
 * public test card (server/commerce/payments/mode.ts), and bKash and SSLCommerz, when `simulated`, are the
 * local simulators (server/commerce/payments/methods.ts simulatedMethods).
 */
export async function DemoBanner({ sandboxCard, simulated }: { sandboxCard: boolean; simulated: boolean }) {
  const t = await getTranslations('layout');
  return (
    <aside aria-label={t('demoShopLabel')} className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950">
      {sandboxCard ? t('demoShop') : null}
      {sandboxCard && simulated ? ' · ' : null}
      {simulated ? t('demoSimulators') : null}
    </aside>
  );
}
