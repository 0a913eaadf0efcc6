// How a lesson video's playback went, per playback session: how long it took to start after the
// learner pressed play, how long it stalled once playing, which rungs it played and what went wrong.
// The player measures (PlaybackMeter) and sends a few cumulative reports; the server keeps the
// largest figures per session and admins see each lesson's figures (summarizePlaybacks).

export type PlaybackReport = {
  session: string;
  delivery: 'hls' | 'native' | 'file';
  startMs?: number;
  rebufferMs: number;
  playedMs: number;
  levels: string[];
  errors: string[];
};

/** Longest start time kept: anything slower is a start that did not happen. */
export const MAX_START_MS = 10 * 60 * 1000;
export const MAX_SESSION_MS = 24 * 60 * 60 * 1000;

/**
 * Follows one playback from the video element's events (times in milliseconds). Waiting after a
 * seek, or before the first frame, is not rebuffering: only a stall while playing is.
 */
export class PlaybackMeter {
  private playRequestedAt: number | null = null;
  private startMs: number | undefined;
  private playingSince: number | null = null;
  private stalledSince: number | null = null;
  private seeking = false;
  private playedMs = 0;
  private rebufferMs = 0;
  private readonly levels = new Set<string>();
  private readonly errors = new Set<string>();

  constructor(
    readonly session: string,
    private delivery: PlaybackReport['delivery'],
  ) {}

  play(now: number): void {
    if (this.startMs === undefined && this.playRequestedAt === null) this.playRequestedAt = now;
  }

  playing(now: number): void {
    if (this.startMs === undefined && this.playRequestedAt !== null) this.startMs = Math.round(now - this.playRequestedAt);
    this.endStall(now);
    this.playingSince ??= now;
  }

  waiting(now: number): void {
    this.endPlaying(now);
    if (this.startMs !== undefined && !this.seeking) this.stalledSince ??= now;
  }

  seekStarted(now: number): void {
    this.seeking = true;
    this.endPlaying(now);
    // Waiting for the new position is the learner's choice, not a stall.
    this.stalledSince = null;
  }

  seekEnded(): void {
    this.seeking = false;
  }

  paused(now: number): void {
    this.endPlaying(now);
    this.endStall(now);
  }

  level(name: string): void {
    if (this.levels.size < 8) this.levels.add(name);
  }

  error(code: string): void {
    if (this.errors.size < 10) this.errors.add(code.replace(/[^A-Za-z0-9:._-]/g, '').slice(0, 60) || 'unknown');
  }

  /** The file plays instead of the stream (no HLS in this browser). */
  deliveredAs(delivery: PlaybackReport['delivery']): void {
    this.delivery = delivery;
  }

  /** Whether anything worth reporting happened. */
  get started(): boolean {
    return this.playRequestedAt !== null;
  }

  report(now: number): PlaybackReport {
    const played = this.playedMs + (this.playingSince === null ? 0 : now - this.playingSince);
    const rebuffer = this.rebufferMs + (this.stalledSince === null ? 0 : now - this.stalledSince);
    return {
      session: this.session,
      delivery: this.delivery,
      ...(this.startMs === undefined ? {} : { startMs: Math.min(this.startMs, MAX_START_MS) }),
      rebufferMs: Math.min(Math.round(rebuffer), MAX_SESSION_MS),
      playedMs: Math.min(Math.round(played), MAX_SESSION_MS),
      levels: [...this.levels],
      errors: [...this.errors],
    };
  }

  private endPlaying(now: number): void {
    if (this.playingSince !== null) this.playedMs += now - this.playingSince;
    this.playingSince = null;
  }

  private endStall(now: number): void {
    if (this.stalledSince !== null) this.rebufferMs += now - this.stalledSince;
    this.stalledSince = null;
  }
}

export type PlaybackSummary = {
  sessions: number;
  /** The start time three playbacks in four beat, in milliseconds; null when none started. */
  startP75Ms: number | null;
  /** Time stalled as a share of time playing or stalled, 0 to 1. */
  rebufferRatio: number;
};

/** The nearest-rank percentile `p` (0 to 1) of `values`. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export function summarizePlaybacks(reports: readonly Pick<PlaybackReport, 'startMs' | 'rebufferMs' | 'playedMs'>[]): PlaybackSummary {
  const starts = reports.flatMap((report) => (report.startMs === undefined ? [] : [report.startMs]));
  const rebuffer = reports.reduce((sum, report) => sum + report.rebufferMs, 0);
  const played = reports.reduce((sum, report) => sum + report.playedMs, 0);
  return { sessions: reports.length, startP75Ms: percentile(starts, 0.75), rebufferRatio: rebuffer + played === 0 ? 0 : rebuffer / (rebuffer + played) };
}
