import { parseRange } from './http-range';

describe('parseRange', () => {
  it('serves the whole file without a Range header or with one it does not understand', () => {
    expect(parseRange(null, 1000)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-5', 1000)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-1,5-9', 1000)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=-', 1000)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=9-3', 1000)).toEqual({ kind: 'full' });
  });

  it('reads first-last, open-ended and suffix ranges', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=500-', 1000)).toEqual({ kind: 'partial', start: 500, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ kind: 'partial', start: 990, end: 999 });
  });

  it('calls a range past the end unsatisfiable', () => {
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
  });
});
