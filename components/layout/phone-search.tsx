'use client';

import { useTranslations } from 'next-intl';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { SearchBox } from './search-box';
import { useOpenUntilNavigation } from './use-open-until-navigation';

/** On phones, where the header has no room for the search box: a button that opens it below the header, ready to type in. */
export function PhoneSearch() {
  const t = useTranslations('nav');
  // A search leads to another page, which closes the box.
  const [open, setOpen] = useOpenUntilNavigation();
  return (
    <div className="md:hidden">
      <button
        type="button"
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls="phone-search"
        aria-label={open ? t('closeSearch') : t('searchSite')}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <CloseIcon /> : <SearchIcon />}
      </button>
      {open ? (
        <div id="phone-search" className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 py-3 shadow-md">
          <SearchBox id="course-search-phone" autoFocus />
        </div>
      ) : null}
    </div>
  );
}
