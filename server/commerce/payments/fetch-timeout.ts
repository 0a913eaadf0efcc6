/**
 * Whether a provider call's fetch gave up at its `AbortSignal.timeout`. Told by name: what fetch
 * throws may come from another realm than this module's Error (a DOMException).
 */
export function fetchTimedOut(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'TimeoutError' || name === 'AbortError';
}
