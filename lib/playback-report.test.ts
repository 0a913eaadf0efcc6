import { PlaybackMeter, percentile, summarizePlaybacks } from './playback-report';
import { playbackReportSchema } from './schemas/playback';

// What the player measures of a playback and what admins read from many: start time from the
// press of play, stalls while playing (not a seek's wait, not the start), time played.

it('measures the start from play to the first frame, and stalls only while playing', () => {
  const meter = new PlaybackMeter('session-0123456789abcdef', 'hls');
  expect(meter.started).toBe(false);
  meter.play(1_000);
  meter.waiting(1_100); // still starting: not a stall
  meter.playing(2_400);
  meter.level('240p');
  meter.waiting(12_400); // a stall after 10 s of playing
  meter.playing(12_900);
  meter.seekStarted(20_000); // a seek's wait is not a stall
  meter.waiting(20_050);
  meter.seekEnded();
  meter.playing(21_000);
  meter.level('360p');
  meter.level('240p');
  meter.paused(31_000);
  meter.play(40_000); // playing again later does not restart the start clock
  meter.playing(40_100);
  expect(meter.report(45_100)).toEqual({
    session: 'session-0123456789abcdef',
    delivery: 'hls',
    startMs: 1_400,
    rebufferMs: 500,
    playedMs: 10_000 + 7_100 + 10_000 + 5_000,
    levels: ['240p', '360p'],
    errors: [],
  });
  expect(playbackReportSchema.safeParse(meter.report(45_100)).success).toBe(true);
});

it('counts a stall still going on, and keeps error codes short and few', () => {
  const meter = new PlaybackMeter('session-0123456789abcdef', 'native');
  meter.play(0);
  meter.playing(300);
  meter.waiting(1_300);
  for (let index = 0; index < 12; index += 1) meter.error(`network:fragLoadError-${index}`);
  meter.error('media <script>');
  const report = meter.report(3_300);
  expect(report).toMatchObject({ startMs: 300, playedMs: 1_000, rebufferMs: 2_000 });
  expect(report.errors).toHaveLength(10);
});

it('refuses reports that are not a playback session’s', () => {
  const valid = { session: 'session-0123456789abcdef', delivery: 'hls', rebufferMs: 0, playedMs: 10, levels: [], errors: [] };
  expect(playbackReportSchema.safeParse(valid).success).toBe(true);
  expect(playbackReportSchema.safeParse({ ...valid, session: 'short' }).success).toBe(false);
  expect(playbackReportSchema.safeParse({ ...valid, playedMs: -1 }).success).toBe(false);
  expect(playbackReportSchema.safeParse({ ...valid, levels: ['<b>'] }).success).toBe(false);
  expect(playbackReportSchema.safeParse({ ...valid, userId: 'someone' }).success).toBe(false);
});

it('summarizes a lesson’s playbacks: p75 start and the share of time stalled', () => {
  expect(percentile([], 0.75)).toBeNull();
  expect(percentile([400, 100, 300, 200], 0.75)).toBe(300);
  expect(summarizePlaybacks([
    { startMs: 900, rebufferMs: 0, playedMs: 60_000 },
    { startMs: 1_500, rebufferMs: 1_000, playedMs: 59_000 },
    { rebufferMs: 0, playedMs: 0 },
    { startMs: 3_000, rebufferMs: 200, playedMs: 39_800 },
  ])).toEqual({ sessions: 4, startP75Ms: 3_000, rebufferRatio: 1_200 / 160_000 });
  expect(summarizePlaybacks([])).toEqual({ sessions: 0, startP75Ms: null, rebufferRatio: 0 });
});
