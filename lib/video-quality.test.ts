import { autoCap, defaultPreference, effectiveCaptions, effectiveChoice, startRungIndex, megabytes, parsePreference, rungForChoice } from './video-quality';

// The quality menu's decisions: the data saver's cap, what a choice costs, remembered choices.

const RUNGS = [
  { name: '240p', width: 426, height: 240, bytes: 1_200_000 },
  { name: '360p', width: 640, height: 360, bytes: 2_900_000 },
  { name: '540p', width: 960, height: 540, bytes: 5_800_000 },
  { name: '720p', width: 1280, height: 720, bytes: 10_400_000 },
  { name: 'audio', bytes: 480_000 },
];

it('caps Auto at 360p with the data saver on, and lets it reach the top rung without', () => {
  expect(autoCap(RUNGS, true)).toBe(1);
  expect(autoCap(RUNGS, false)).toBe(3);
  // A video smaller than the cap: its top rung; one below every rung: its lowest.
  expect(autoCap(RUNGS.slice(0, 1), true)).toBe(0);
  expect(autoCap([{ name: '540p', width: 960, height: 540, bytes: 1 }], true)).toBe(0);
  // A portrait video is measured by its short side.
  expect(autoCap([{ name: '360p', width: 360, height: 640, bytes: 1 }, { name: '720p', width: 720, height: 1280, bytes: 1 }], true)).toBe(0);
});

it('says what a choice costs: Auto counts as the highest rung it may reach', () => {
  expect(rungForChoice(RUNGS, { choice: 'auto', dataSaver: true })?.name).toBe('360p');
  expect(rungForChoice(RUNGS, { choice: 'auto', dataSaver: false })?.name).toBe('720p');
  expect(rungForChoice(RUNGS, { choice: 'audio', dataSaver: true })?.bytes).toBe(480_000);
  expect(megabytes(2_900_000)).toBe(2.9);
  expect(megabytes(10_400_000)).toBe(10);
});

it('remembers a choice on the device; a phone starts with the data saver on; a choice this video lacks plays as Auto', () => {
  expect(parsePreference(null, true)).toEqual(defaultPreference(true));
  expect(defaultPreference(true)).toEqual({ choice: 'auto', dataSaver: true, captions: 'off' });
  expect(defaultPreference(false)).toEqual({ choice: 'auto', dataSaver: false, captions: 'off' });
  expect(parsePreference('{"choice":"240p","dataSaver":false}', true)).toEqual({ choice: '240p', dataSaver: false, captions: 'off' });
  expect(parsePreference('{"choice":"auto","dataSaver":true,"captions":"bn"}', false)).toEqual({ choice: 'auto', dataSaver: true, captions: 'bn' });
  expect(parsePreference('not json', false)).toEqual({ choice: 'auto', dataSaver: false, captions: 'off' });
  expect(parsePreference('{"choice":7}', false)).toEqual({ choice: 'auto', dataSaver: false, captions: 'off' });
  expect(effectiveChoice(RUNGS.slice(0, 2), '720p')).toBe('auto');
  expect(effectiveChoice(RUNGS, '540p')).toBe('540p');
});

it('shows remembered captions only where the video has them in that language', () => {
  expect(effectiveCaptions(['en', 'bn'], 'bn')).toBe('bn');
  expect(effectiveCaptions(['en'], 'bn')).toBe('off');
  expect(effectiveCaptions([], 'off')).toBe('off');
});

it('starts Auto on the rung whose first segment arrives within a second, or the lowest when the connection is unknown', () => {
  const bitrates = [228_000, 328_000, 996_000, 1_696_000];
  // Lighthouse's slow 4G as Chrome reports it, less a margin: 240p.
  expect(startRungIndex(bitrates, 4, 1_300_000)).toBe(0);
  expect(startRungIndex(bitrates, 4, 1_400_000)).toBe(1);
  expect(startRungIndex(bitrates, 4, 8_000_000)).toBe(3);
  expect(startRungIndex(bitrates, 4, 400_000)).toBe(0);
  expect(startRungIndex(bitrates, 4, undefined)).toBe(0);
});
