import { captionsToVtt, clockTime, parseCaptions, transcriptText, vttTimestamp } from './captions';
import { englishText } from '@/server/platform/english-text';

/** A refused file's message, in the English the API answers. */
function refusalOf(source: string): string | null {
  const parsed = parseCaptions(source);
  return parsed.ok ? null : englishText(parsed.error);
}

// Captions files as admins bring them: WebVTT with its extras, SRT from subtitle tools, and the
// broken ones, each refused with a reason.

function cuesOf(source: string) {
  const parsed = parseCaptions(source);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.cues;
}

it('reads WebVTT with a header, notes, styles, identifiers, settings and markup, keeping the words', () => {
  const source = [
    '\ufeffWEBVTT - Lesson one',
    'Kind: captions',
    '',
    'NOTE made by hand',
    '',
    'STYLE',
    '::cue { color: yellow }',
    '',
    'intro',
    '00:01.000 --> 00:04.500 line:0 align:start',
    '<v Rahim>Welcome to <i>physics</i> &amp; maths</v>',
    '',
    '01:02:03.250 --> 01:02:05.000',
    'আজ আমরা গতি শিখব',
    'দ্বিতীয় লাইন',
    '',
  ].join('\r\n');
  expect(cuesOf(source)).toEqual([
    { start: 1, end: 4.5, text: 'Welcome to physics & maths' },
    { start: 3723.25, end: 3725, text: 'আজ আমরা গতি শিখব\nদ্বিতীয় লাইন' },
  ]);
});

it('reads SRT with numbers, commas in times, font tags and position codes, and sorts cues by start', () => {
  const source = ['2', '00:00:05,000 --> 00:00:07,000', '{\\an8}<font color="#ff0">Second</font>', '', '1', '00:00:01,000 --> 00:00:03,000', 'First', ''].join('\n');
  expect(cuesOf(source)).toEqual([
    { start: 1, end: 3, text: 'First' },
    { start: 5, end: 7, text: 'Second' },
  ]);
});

it('refuses what is not captions, and cues with unreadable or backwards times, with the cue number', () => {
  expect(refusalOf('   \n')).toBe('The captions file is empty.');
  expect(refusalOf('%PDF-1.7 binary')).toBe('This is not a WebVTT or SRT captions file.');
  expect(refusalOf('WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n\n00:03.000 --> 3 seconds\nTwo\n')).toBe('Caption 2 has a time that cannot be read.');
  expect(refusalOf('WEBVTT\n\n00:05.000 --> 00:02.000\nBackwards\n')).toBe('Caption 1 ends before it starts.');
  expect(refusalOf('1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\nno time here\n')).toBe('Caption 2 has no time.');
  expect(refusalOf('WEBVTT\n\nNOTE nothing else\n')).toBe('The captions file has no captions with text.');
  expect(refusalOf(`WEBVTT\n\n00:01.000 --> 00:02.000\n${'a'.repeat(501)}\n`)).toBe('Caption 1 is longer than 500 characters.');
});

it('writes WebVTT that reads back to the same cues, with markup-like words escaped', () => {
  const cues = [
    { start: 0.5, end: 2, text: 'if a < b && b > c' },
    { start: 3661.007, end: 3662, text: 'দুই\nলাইন' },
  ];
  const vtt = captionsToVtt(cues);
  expect(vtt).toBe('WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nif a &lt; b &amp;&amp; b &gt; c\n\n01:01:01.007 --> 01:01:02.000\nদুই\nলাইন\n');
  expect(cuesOf(vtt)).toEqual(cues);
});

it('writes times and the downloadable transcript', () => {
  expect(vttTimestamp(59.9996)).toBe('00:01:00.000');
  expect(clockTime(65.4)).toBe('1:05');
  expect(clockTime(3725)).toBe('1:02:05');
  expect(transcriptText('Motion', [{ start: 1, end: 2, text: 'One\ntwo' }])).toBe('Motion\n\n[0:01] One two\n');
});
