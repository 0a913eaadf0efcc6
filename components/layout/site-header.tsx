import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { LanguageSwitcher } from './language-switcher';
import { MobileNav } from './mobile-nav';
import { PhoneSearch } from './phone-search';
import { NAV_LINKS } from './nav-links';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';

export async function SiteHeader() {
  const t = await getTranslations('nav');
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* Below 360 px (small Android phones, 320 px wide) the bar's gaps, padding and logo shrink to fit. */}
      <div className="container-page relative flex h-16 items-center gap-1 max-[359px]:px-2 min-[360px]:gap-2 sm:gap-4">
        <MobileNav />
        <Link href="/" className="shrink-0 text-base font-extrabold tracking-tight text-brand-700 min-[360px]:text-lg sm:text-xl">
          Knowledge<span className="text-amber-700">Zone</span>
        </Link>
        <div className="hidden w-64 md:block xl:w-52 2xl:w-72">
          <SearchBox />
        </div>
        <nav aria-label={t('main')} className="ml-auto hidden xl:block">
          <ul className="flex items-center gap-1 text-sm font-medium">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="whitespace-nowrap rounded-md px-2 py-2 text-slate-700 hover:bg-brand-50 hover:text-brand-700 2xl:px-3">
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2 xl:ml-2">
          {/* On phones the switcher is in the menu (mobile-nav.tsx): the bar has no room for it. */}
          <div className="hidden sm:block">
            <LanguageSwitcher />
          </div>
          <PhoneSearch />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
