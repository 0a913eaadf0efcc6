import { qualityOptions, rungFor, savedBytes } from './saved-sizes';
import { buildFilesOf } from './saved-shell';
import { playlistSegments } from './saved-downloads';

const RUNGS = [
  { name: '240p', bytes: 2_000 },
  { name: '360p', bytes: 3_000 },
  { name: 'audio', bytes: 500 },
];

describe('what saving costs', () => {
  it('saves a lesson at the chosen rung, the largest picture below it when it has none, and no video when none is asked', () => {
    expect(rungFor(RUNGS, '360p')).toEqual({ name: '360p', bytes: 3_000 });
    expect(rungFor(RUNGS, 'audio')).toEqual({ name: 'audio', bytes: 500 });
    // A small source has no 360p: its largest picture instead, never sound only.
    expect(rungFor([{ name: '180p', bytes: 900 }, { name: 'audio', bytes: 100 }], '360p')).toEqual({ name: '180p', bytes: 900 });
    // Sound only asked of a video without sound: nothing rather than a picture.
    expect(rungFor([{ name: '240p', bytes: 900 }], 'audio')).toBeNull();
    expect(rungFor(RUNGS, null)).toBeNull();
    expect(rungFor([], '240p')).toBeNull();
  });

  it('adds the video at the quality to the text, attachments and captions', () => {
    expect(savedBytes({ bytes: 1_234, rungs: RUNGS }, '240p')).toBe(3_234);
    expect(savedBytes({ bytes: 1_234, rungs: [] }, '240p')).toBe(1_234);
  });

  it('offers the qualities the course has, smallest picture first and sound only last', () => {
    const course = {
      id: 'c',
      title: 'Course',
      sections: [
        { id: 's1', title: 'One', lessons: [{ id: 'l1', title: 'A', kind: 'video' as const, bytes: 0, rungs: [{ name: '360p', bytes: 1 }, { name: 'audio', bytes: 1 }] }] },
        { id: 's2', title: 'Two', lessons: [{ id: 'l2', title: 'B', kind: 'video' as const, bytes: 0, rungs: [{ name: '240p', bytes: 1 }, { name: '360p', bytes: 1 }] }] },
      ],
    };
    expect(qualityOptions(course)).toEqual(['240p', '360p', 'audio']);
    expect(qualityOptions({ ...course, sections: [] })).toEqual([]);
  });
});

describe('reading what to fetch', () => {
  it('lists a rung playlist’s segments in order, without its tags', () => {
    const playlist = ['#EXTM3U', '#EXT-X-TARGETDURATION:4', '#EXTINF:4.0,', 'segment000.ts', '#EXTINF:4.0,', 'segment001.ts', '#EXT-X-ENDLIST', ''].join('\n');
    expect(playlistSegments(playlist)).toEqual(['segment000.ts', 'segment001.ts']);
    expect(playlistSegments('#EXTM3U\r\n#EXTINF:4.0,\r\nsegment000.ts\r\n')).toEqual(['segment000.ts']);
  });

  it('finds the build files a page loads, in its tags and in its payload, once each', () => {
    const html = [
      '<link rel="stylesheet" href="/_next/static/chunks/a1b2.css">',
      '<script src="/_next/static/chunks/c3d4.js" async></script>',
      '<script>self.__next_f.push([1,"1:I[\\"/_next/static/chunks/e5f6.js\\",\\"/_next/static/chunks/c3d4.js\\"]"])</script>',
      '<img src="/_next/image?url=%2Fdemo%2Fa.webp">',
    ].join('');
    expect(buildFilesOf(html)).toEqual(['/_next/static/chunks/a1b2.css', '/_next/static/chunks/c3d4.js', '/_next/static/chunks/e5f6.js']);
  });
});
