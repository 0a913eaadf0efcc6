// The quality a lesson video streams at: Auto (the player picks by the connection, within the data
// saver's cap), one rung, or sound only. Pure, shared by the player and its tests; the choice is
// remembered on the device.

export type StreamRung = { name: string; width?: number; height?: number; bytes: number };

export type QualityChoice = 'auto' | string;

/** Every segment of a ladder is this long (the last may be shorter), and starts on a keyframe. */
export const SEGMENT_SECONDS = 4;

/** The audio-only rung's name (server/learning/lesson-video/ladder.ts). */
export const AUDIO_ONLY = 'audio';

/** The data saver's cap: phones on metered connections rarely gain from more. */
export const DATA_SAVER_MAX_LINES = 360;

/** No captions shown. */
export const CAPTIONS_OFF = 'off';

/** `captions`: the language whose captions show (a locale), or CAPTIONS_OFF. */
export type QualityPreference = { choice: QualityChoice; dataSaver: boolean; captions: string };

/** What of the preference playback itself depends on. */
export type PlaybackChoice = Pick<QualityPreference, 'choice' | 'dataSaver'>;

/** Where the device keeps the choice (localStorage). */
export const QUALITY_STORAGE_KEY = 'kz-video-quality';

/** The data saver is on by default on a phone (a small or touch-first screen), off elsewhere. */
export function defaultPreference(isPhone: boolean): QualityPreference {
  return { choice: 'auto', dataSaver: isPhone, captions: CAPTIONS_OFF };
}

/** The preference as kept on the device (`stored`), or the default for it. */
export function parsePreference(stored: string | null, isPhone: boolean): QualityPreference {
  try {
    const parsed = JSON.parse(stored ?? 'null') as Partial<QualityPreference> | null;
    if (parsed && typeof parsed.choice === 'string' && typeof parsed.dataSaver === 'boolean') {
      return { choice: parsed.choice, dataSaver: parsed.dataSaver, captions: typeof parsed.captions === 'string' ? parsed.captions : CAPTIONS_OFF };
    }
  } catch {
    // A value another version wrote: the default.
  }
  return defaultPreference(isPhone);
}

/** A picture rung's lines (its short side): 360 for "360p". */
export function linesOf(rung: StreamRung): number | null {
  if (rung.width === undefined || rung.height === undefined) return null;
  return Math.min(rung.width, rung.height);
}

export function pictureRungs(rungs: readonly StreamRung[]): StreamRung[] {
  return rungs.filter((rung) => linesOf(rung) !== null);
}

/** The highest picture rung Auto may use: all of them, or those within the data saver's cap (at least the lowest). */
export function autoCap(rungs: readonly StreamRung[], dataSaver: boolean): number {
  const pictures = pictureRungs(rungs);
  if (!dataSaver) return pictures.length - 1;
  const within = pictures.filter((rung) => (linesOf(rung) ?? 0) <= DATA_SAVER_MAX_LINES).length;
  return Math.max(0, within - 1);
}

/** The rung a choice plays at, for the size it costs: Auto counts as the highest it may reach. */
export function rungForChoice(rungs: readonly StreamRung[], preference: PlaybackChoice): StreamRung | null {
  if (preference.choice === 'auto') return pictureRungs(rungs)[autoCap(rungs, preference.dataSaver)] ?? null;
  return rungs.find((rung) => rung.name === preference.choice) ?? null;
}

/** A remembered choice this video does not have (a 720p choice on a 360p video) plays as Auto. */
export function effectiveChoice(rungs: readonly Pick<StreamRung, 'name'>[], choice: QualityChoice): QualityChoice {
  return choice === 'auto' || rungs.some((rung) => rung.name === choice) ? choice : 'auto';
}

/** Remembered captions this video does not have show none. */
export function effectiveCaptions(languages: readonly string[], captions: string): string {
  return languages.includes(captions) ? captions : CAPTIONS_OFF;
}

/** Megabytes, one decimal under ten: what a learner on a small data bundle reads. */
export function megabytes(bytes: number): number {
  const mb = bytes / 1_000_000;
  return mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb);
}

/** How long the first segment may take to arrive, so the picture shows within about two seconds of play. */
const FIRST_SEGMENT_SECONDS = 1;

/**
 * The rung Auto starts on: the highest (of `bitrates`, lowest first, in bits per second) whose
 * first segment of `segmentSeconds` arrives within a second at the connection's `estimate`; the
 * lowest when the browser says nothing of its connection. Auto steps up from there as it measures.
 */
export function startRungIndex(bitrates: readonly number[], segmentSeconds: number, estimate: number | undefined): number {
  if (!estimate) return 0;
  let start = 0;
  bitrates.forEach((bitrate, index) => {
    if ((bitrate * segmentSeconds) / estimate <= FIRST_SEGMENT_SECONDS) start = index;
  });
  return start;
}
