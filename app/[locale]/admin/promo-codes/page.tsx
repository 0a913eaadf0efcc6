import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { PromoCodesManager } from '@/components/admin/promo-codes/promo-codes-manager';
import { Pager } from '@/components/ui/pager';
import { parsePageNumber, queryPagePath } from '@/lib/pagination';
import { requirePermissionPage } from '@/server/accounts/guards';
import { listPromoCodes, listPromoItemChoices } from '@/server/commerce/promo-codes';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('promoCodesAdmin');
  return { title: t('metaTitle'), robots: { index: false } };
}

type Props = { searchParams: Promise<{ page?: string }> };

/** The admin's promo codes: add, edit, deactivate and delete; what they gave is in the sales view. */
export default async function PromoCodesPage({ searchParams }: Props) {
  const admin = await requirePermissionPage('managePromotions', '/admin/promo-codes');
  const page = parsePageNumber((await searchParams).page) ?? 1;
  const [codes, choices] = await Promise.all([listPromoCodes(admin, page), listPromoItemChoices(admin)]);
  const t = await getTranslations('promoCodesAdmin');
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
      <p className="mb-6 mt-1 text-slate-700">
        {t.rich('intro', {
          link: (chunks) => (
            <Link href="/admin/sales" className="font-semibold text-brand-700 hover:underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
      <WithClientMessages namespaces={['promoCodesAdmin', 'lists', 'ui', 'errors']}>
        <PromoCodesManager codes={codes.items} choices={choices} />
      </WithClientMessages>
      <Pager page={codes.page} pageCount={codes.pageCount} href={(target) => queryPagePath('/admin/promo-codes', target)} />
    </div>
  );
}
