'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { LanguageSwitcher } from './language-switcher';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { NAV_LINKS } from './nav-links';
import { SearchBox } from './search-box';
import { useOpenUntilNavigation } from './use-open-until-navigation';

/** The phone-sized menu: a toggle that opens the links and the search box below the header. */
export function MobileNav() {
  const t = useTranslations('nav');
  const [open, setOpen] = useOpenUntilNavigation();

  return (
    <div className="xl:hidden">
      <button
        type="button"
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? t('closeMenu') : t('openMenu')}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      {open && (
        <nav id="mobile-menu" aria-label={t('main')} className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pb-4 shadow-md">
          <div className="py-3">
            <SearchBox id="course-search-mobile" />
          </div>
          <ul className="grid gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="block rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-brand-50">
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-slate-100 px-3 pt-3 sm:hidden">
            <LanguageSwitcher />
          </div>
        </nav>
      )}
    </div>
  );
}
