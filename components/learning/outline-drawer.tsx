'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';

/**
 * The player's outline: beside the lesson on wide screens, behind a "Course content" button on
 * phones. The player keys it by lesson, so choosing a lesson closes it.
 */
export function OutlineDrawer({ children }: { children: ReactNode }) {
  const t = useTranslations('player');
  const [open, setOpen] = useState(false);
  const id = useId();

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="btn-outline w-full lg:hidden"
      >
        {open ? <CloseIcon className="h-4 w-4" /> : <MenuIcon className="h-4 w-4" />}
        {t('courseContent')}
      </button>
      <div id={id} className={`${open ? 'block' : 'hidden'} mt-3 lg:mt-0 lg:block`}>
        {children}
      </div>
    </div>
  );
}
