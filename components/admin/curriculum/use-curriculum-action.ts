'use client';

import { useRouter } from '@/i18n/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import type { FieldErrors, Result } from '@/lib/result';
import { useErrorText } from '@/i18n/use-error-text';

/**
 * Runs one curriculum server action: while it runs the caller's controls are busy; on success the
 * page re-renders from the server (the outline is the database's, never a local copy); on failure
 * the message shows in a toast and field errors go back to the form.
 */
export function useCurriculumAction() {
  const errorText = useErrorText();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  function run<T>(action: () => Promise<Result<T>>, success?: string, after?: (data: T) => void) {
    startTransition(async () => {
      const result = await action();
      if (result.ok) {
        setFieldErrors({});
        if (success) toast.success(success);
        after?.(result.data);
        router.refresh();
      } else {
        setFieldErrors(result.fieldErrors ?? {});
        toast.error(errorText(result.message));
      }
    });
  }

  return { pending, fieldErrors, run, errorOf: (name: string) => fieldErrors[name]?.[0] };
}
