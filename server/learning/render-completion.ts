import 'server-only';
import { cacheSignal } from 'react';

/**
 * Lets a server render's memory go once it is complete.
 *
 * React aborts every render's cache signal when the render completes, with an Error as the reason
 * (react/react#37288). V8 keeps a new Error's stack as structured frames until `.stack` is first
 * read, and those frames keep their receivers — among them the Immediate the render was working
 * in, which Node leaves linked to the other Immediates of its batch, whose stores are other
 * renders. So each completed render stays reachable from the next one, and a server that renders
 * many pages (a crawler's walk) grows without bound. Reading `.stack` once turns the frames into a
 * string and lets the render be collected. Needed until React's own fix (react/react#37289) ships.
 *
 * Called by the root layout, so it runs in every page render. Tested with a real React server
 * render (render-completion.test.ts).
 */
export function releaseRenderWhenComplete(): void {
  // React's types leave the signal opaque; it is the render's AbortSignal.
  const signal = cacheSignal() as AbortSignal | null;
  signal?.addEventListener(
    'abort',
    () => {
      const reason: unknown = signal.reason;
      if (reason instanceof Error) void reason.stack;
    },
    { once: true },
  );
}
