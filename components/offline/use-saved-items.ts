'use client';

import { useEffect, useState } from 'react';
import { onSavedChange, readIndex } from './saved-store';
import type { SavedIndex } from './saved-store';

/** What this device has saved, kept current as saves progress (in this tab or another); undefined until read. */
export function useSavedIndex(): SavedIndex | null | undefined {
  const [index, setIndex] = useState<SavedIndex | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const read = () =>
      void readIndex().then((read) => {
        if (current) setIndex(read);
      });
    read();
    const stop = onSavedChange(read);
    return () => {
      current = false;
      stop();
    };
  }, []);
  return index;
}
