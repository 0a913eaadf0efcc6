'use client';

import { useSession } from '@/components/layout/session-provider';
import dynamic from 'next/dynamic';

// The catalogue pages are static (ISR), so whether a card shows the admin's edit and delete icons
// is decided in the browser from the session. Only admins download the controls (dialog, toasts,
// server actions): visitors' first load stays small.

export type CardKind = 'course' | 'book' | 'blog' | 'instructor';

export type AdminCardActionsProps = {
  kind: CardKind;
  id: string;
  /** The item's name, for the buttons' accessible names. */
  name: string;
  editHref: string;
  className?: string;
};

const AdminCardControls = dynamic(() => import('./admin-card-controls'), { ssr: false });

export function AdminCardActions(props: AdminCardActionsProps) {
  const { data: session } = useSession();
  if (session?.user?.role !== 'admin') return null;
  return <AdminCardControls {...props} />;
}
