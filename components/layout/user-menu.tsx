'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import dynamic from 'next/dynamic';
import { useSession } from '@/components/layout/session-provider';

// Visitors (most of the traffic, and every crawler) get the Login link only; the bell and the
// avatar menu are downloaded once a session exists.
const AccountMenu = dynamic(() => import('./account-menu'), {
  ssr: false,
  loading: () => <MenuPlaceholder />,
});

/** Still, not pulsing: offline the session stays unknown until the connection returns, and nothing is loading meanwhile. */
function MenuPlaceholder() {
  return <div className="h-9 w-20 rounded-md bg-slate-100" aria-hidden />;
}

/** Login link, or the bell and the avatar menu for a signed-in user. */
export function UserMenu() {
  const t = useTranslations('nav');
  const { data: session, status } = useSession();
  if (status === 'loading') return <MenuPlaceholder />;
  if (!session?.user) {
    return (
      <Link href="/login" className="btn-primary">
        {t('login')}
      </Link>
    );
  }
  return <AccountMenu user={session.user} />;
}
