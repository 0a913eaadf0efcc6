import { coded } from './coded-message';
import type { CodedMessage } from './coded-message';
// Captions for a lesson video: a WebVTT or SRT file read into cues, checked, and written back as
// plain WebVTT (what every browser's <track> plays). Pure, shared by the upload, the player's
// transcript and their tests.

export type CaptionCue = { start: number; end: number; text: string };

export type ParsedCaptions = { ok: true; cues: CaptionCue[] } | { ok: false; error: CodedMessage };

/** Largest captions file: a four-hour lecture's captions are a few hundred kilobytes. */
export const CAPTIONS_MAX_BYTES = 1024 * 1024;

/** Most cues a file may hold (about one every second and a half over four hours). */
export const CAPTIONS_MAX_CUES = 10_000;

/** Longest text one cue may show. */
const CUE_MAX_CHARACTERS = 500;

/** What the file picker offers; the server decides by the content. */
export const CAPTIONS_ACCEPT = '.vtt,.srt,text/vtt,application/x-subrip';

// `hh:mm:ss.ttt` or `mm:ss.ttt` (WebVTT), `hh:mm:ss,ttt` (SRT); the hours may run past 99.
const TIMESTAMP = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{3})$/;
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/;

function secondsOf(stamp: string): number | null {
  const match = TIMESTAMP.exec(stamp);
  if (!match) return null;
  const [, hours = '0', minutes, seconds, thousandths] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(thousandths) / 1000;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f', quot: '"', apos: "'" };

/** A cue's words alone: WebVTT and SRT markup (`<i>`, `<v Name>`, `<font>`, `{\an8}`) and entities resolved. */
function plainText(lines: string[]): string {
  return lines
    .join('\n')
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** Blocks of lines separated by blank lines. */
function blocksOf(source: string): string[][] {
  return source
    .replace(/^\ufeff/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.split('\n').filter((line, index) => index > 0 || line.trim() !== ''))
    .filter((lines) => lines.length > 0);
}

/**
 * The cues of a WebVTT or SRT file, in time order, or why it cannot be used (in English, the
 * message the editor shows). A cue's settings and styling are dropped: the player shows the words.
 */
export function parseCaptions(source: string): ParsedCaptions {
  if (source.trim() === '') return { ok: false, error: 'theCaptionsFileIsEmpty' };
  const blocks = blocksOf(source);
  const isWebVtt = /^WEBVTT(?:[ \t].*)?$/.test(blocks[0]?.[0] ?? '');
  const looksLikeSrt = !isWebVtt && blocks.some((lines) => lines.some((line) => line.includes('-->')));
  if (!isWebVtt && !looksLikeSrt) return { ok: false, error: 'thisIsNotAWebvttOrSrtCaptionsFile' };

  const cues: CaptionCue[] = [];
  for (const lines of isWebVtt ? blocks.slice(1) : blocks) {
    const timingAt = lines.findIndex((line) => line.includes('-->'));
    // WebVTT's NOTE, STYLE and REGION blocks carry no cue.
    if (timingAt === -1) {
      if (isWebVtt) continue;
      return { ok: false, error: coded('captionHasNoTime', { number: cues.length + 1 }) };
    }
    const number = cues.length + 1;
    const timing = TIMING.exec(lines[timingAt]!.trim());
    const start = timing ? secondsOf(timing[1]!) : null;
    const end = timing ? secondsOf(timing[2]!) : null;
    if (start === null || end === null) return { ok: false, error: coded('captionHasATimeThatCannotBeRead', { number }) };
    if (end <= start) return { ok: false, error: coded('captionEndsBeforeItStarts', { number }) };
    const text = plainText(lines.slice(timingAt + 1));
    if (text.length > CUE_MAX_CHARACTERS) return { ok: false, error: coded('captionIsLongerThanCharacters', { number, characters: CUE_MAX_CHARACTERS }) };
    if (text === '') continue;
    cues.push({ start, end, text });
    if (cues.length > CAPTIONS_MAX_CUES) return { ok: false, error: coded('aCaptionsFileCanHaveAtMostCaptions', { captions: CAPTIONS_MAX_CUES }) };
  }
  if (cues.length === 0) return { ok: false, error: 'theCaptionsFileHasNoCaptionsWithText' };
  return { ok: true, cues: cues.sort((a, b) => a.start - b.start || a.end - b.end) };
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** `hh:mm:ss.ttt`, as WebVTT writes a time. */
export function vttTimestamp(seconds: number): string {
  const thousandths = Math.round(seconds * 1000);
  const hours = Math.floor(thousandths / 3_600_000);
  const minutes = Math.floor(thousandths / 60_000) % 60;
  const wholeSeconds = Math.floor(thousandths / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(wholeSeconds)}.${pad(thousandths % 1000, 3)}`;
}

/** The cues as a WebVTT file, their words escaped so nothing in them reads as markup. */
export function captionsToVtt(cues: readonly CaptionCue[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `WEBVTT\n\n${cues.map((cue) => `${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}\n${escape(cue.text)}\n`).join('\n')}`;
}

/** `m:ss` or `h:mm:ss`, as the transcript shows where a cue starts. */
export function clockTime(seconds: number): string {
  const whole = Math.floor(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor(whole / 60) % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(whole % 60)}` : `${minutes}:${pad(whole % 60)}`;
}

/** The transcript as a text file: each cue on its own line after its start time. */
export function transcriptText(title: string, cues: readonly CaptionCue[]): string {
  return `${title}\n\n${cues.map((cue) => `[${clockTime(cue.start)}] ${cue.text.replace(/\n/g, ' ')}`).join('\n')}\n`;
}
