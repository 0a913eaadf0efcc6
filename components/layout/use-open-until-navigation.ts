'use client';

import { useState } from 'react';
import { usePathname } from '@/i18n/navigation';

/**
 * Whether a header panel (the phone menu, the phone search) is open: following a link closes it.
 * On a new pathname it resets during render (no effect, no extra paint).
 */
export function useOpenUntilNavigation(): [boolean, (update: (open: boolean) => boolean) => void] {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [lastPathname, setLastPathname] = useState(pathname);
  if (lastPathname !== pathname) {
    setLastPathname(pathname);
    setOpen(false);
  }
  return [open, setOpen];
}
