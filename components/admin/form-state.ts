'use client';

import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldErrors } from '@/lib/result';

/**
 * Puts the server's field errors under the matching inputs (the server re-validates everything).
 * Returns the messages no input shows (errors of the whole form, or keyed by a group such as `bn`),
 * for the form's alert (FormAlert), so that no refusal goes unseen.
 */
export function showServerErrors<Values extends FieldValues>(setError: UseFormSetError<Values>, fieldErrors: FieldErrors | undefined, names: readonly Path<Values>[]): string[] {
  const unplaced: string[] = [];
  for (const [name, messages] of Object.entries(fieldErrors ?? {})) {
    const message = messages?.[0];
    if (!message) continue;
    if ((names as readonly string[]).includes(name)) setError(name as Path<Values>, { message });
    else unplaced.push(message);
  }
  return unplaced;
}

/** Counts image uploads still running, so the form is not submitted with a half-set picture. */
export function useUploadsInFlight(): [boolean, (busy: boolean) => void] {
  const [count, setCount] = useState(0);
  const track = useCallback((busy: boolean) => setCount((current) => Math.max(0, current + (busy ? 1 : -1))), []);
  return [count > 0, track];
}
