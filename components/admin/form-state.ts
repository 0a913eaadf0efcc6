'use client';

import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldErrors } from '@/lib/result';

/** Puts the server's field errors under the matching inputs (the server re-validates everything). */
export function showServerErrors<Values extends FieldValues>(setError: UseFormSetError<Values>, fieldErrors: FieldErrors | undefined, names: readonly Path<Values>[]): void {
  for (const name of names) {
    const message = fieldErrors?.[name]?.[0];
    if (message) setError(name, { message });
  }
}

/** Counts image uploads still running, so the form is not submitted with a half-set picture. */
export function useUploadsInFlight(): [boolean, (busy: boolean) => void] {
  const [count, setCount] = useState(0);
  const track = useCallback((busy: boolean) => setCount((current) => Math.max(0, current + (busy ? 1 : -1))), []);
  return [count > 0, track];
}
