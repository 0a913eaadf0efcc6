// HTTP Range requests (RFC 9110 §14) for streamed files: audio players seek with them.

export type ByteRange =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/**
 * The part of a `size`-byte file a `Range` header asks for. Only one `bytes=` range is served;
 * a header we do not understand, or several ranges, gets the whole file (the RFC allows ignoring
 * Range), and a range wholly past the end is unsatisfiable (416).
 */
export function parseRange(header: string | null, size: number): ByteRange {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // A suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'full' };
  return { kind: 'partial', start, end };
}
