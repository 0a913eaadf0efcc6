'use client';

import { useSyncExternalStore } from 'react';
import type { ComponentProps } from 'react';

const subscribeToNothing = () => () => {};

/** False while the server renders and while React hydrates; true from the first browser render on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * A form whose fields accept input only once React has hydrated it. Before that the form is plain
 * HTML: a submit would be a native GET to the current URL (a password or a card number would land
 * in the address bar and the server's logs), and react-hook-form would overwrite anything typed
 * when it fills its default values on mount. Streamed pages show their forms before the scripts
 * are ready, so this window is real. The layout classes go on the fieldset that does the disabling.
 */
export function HydratedForm({ className, children, ...props }: ComponentProps<'form'>) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} className={className ? `min-w-0 ${className}` : 'min-w-0'}>
        {children}
      </fieldset>
    </form>
  );
}
