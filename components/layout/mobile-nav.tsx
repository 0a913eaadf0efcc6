'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { NAV_LINKS } from './nav-links';
import { SearchBox } from './search-box';

/** The phone-sized menu: a toggle that opens the links and the search box below the header. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // Following a link closes the menu: on a new pathname, reset during render (no effect, no extra paint).
  const [lastPathname, setLastPathname] = useState(pathname);
  if (lastPathname !== pathname) {
    setLastPathname(pathname);
    setOpen(false);
  }

  return (
    <div className="xl:hidden">
      <button
        type="button"
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      {open && (
        <nav id="mobile-menu" aria-label="Main" className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pb-4 shadow-md">
          <div className="py-3">
            <SearchBox id="course-search-mobile" />
          </div>
          <ul className="grid gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="block rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-brand-50">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
