'use client';

import { useSession } from '@/components/layout/session-provider';
import dynamic from 'next/dynamic';
import { may } from '@/lib/permissions';
import type { AdminCardActionsProps } from './admin-card-controls';

// The catalogue pages are static (ISR), so whether a card shows the admin's edit and delete icons
// is decided in the browser from the session. Only admins download the controls (dialog, toasts,
// server actions): visitors' first load stays small.

const AdminCardControls = dynamic(() => import('./admin-card-controls'), { ssr: false });

export function AdminCardActions(props: AdminCardActionsProps) {
  const { data: session } = useSession();
  if (!may(session?.user, 'manageCatalogue')) return null;
  return <AdminCardControls {...props} />;
}
