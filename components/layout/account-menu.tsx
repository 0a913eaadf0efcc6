'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { Session } from 'next-auth';
import { useEffect, useId, useRef, useState } from 'react';
import { NotificationBell } from '@/components/account/notification-bell';
import { signOutTo } from '@/components/auth/sign-out';
import { UserIcon } from '@/components/ui/icons';
import { may } from '@/lib/permissions';
import { accessFor } from '@/lib/routes';
import { ADMIN_MENU, USER_MENU } from './nav-links';

function mayOpen(user: { role: string }, href: string): boolean {
  const access = accessFor(href);
  return typeof access === 'object' && may(user, access.permission);
}

/** The bell and the avatar menu with its items for users and admins (signed-in only; docs/product.md §2). */
export default function AccountMenu({ user }: { user: NonNullable<Session['user']> }) {
  const t = useTranslations('nav');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') setOpen(false);
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Each staff page shows for those who may open it.
  const items = [...USER_MENU, ...ADMIN_MENU.filter((item) => mayOpen(user, item.href))];

  return (
    <div className="flex items-center gap-2">
      <NotificationBell />
      <div className="relative" ref={container}>
        <button
          type="button"
          className="flex h-10 w-10 items-center justify-center overflow-hidden rounded-full border-2 border-brand-500 bg-brand-50 text-brand-700"
          aria-haspopup="true"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={t('accountMenuFor', { name: user.name ?? user.email ?? t('you') })}
          onClick={() => setOpen((value) => !value)}
        >
          {user.image ? (
            // eslint-disable-next-line @next/next/no-img-element -- avatars may be remote (Google) and tiny
            <img src={user.image} alt="" width={40} height={40} className="h-full w-full object-cover" />
          ) : (
            <UserIcon />
          )}
        </button>
        {open && (
          <div id={menuId} className="absolute right-0 z-50 mt-2 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
            <p className="truncate border-b border-slate-100 px-4 py-2 text-sm font-semibold text-slate-800">{user.name ?? user.email}</p>
            <ul>
              {items.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} className="block px-4 py-2 text-sm text-slate-700 hover:bg-brand-50" onClick={() => setOpen(false)}>
                    {t(item.key)}
                  </Link>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className="block w-full px-4 py-2 text-left text-sm text-red-700 hover:bg-red-50"
                  onClick={() => void signOutTo('/')}
                >
                  {t('logOut')}
                </button>
              </li>
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
