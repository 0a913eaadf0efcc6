'use client';

import type Hls from 'hls.js/dist/hls.light.mjs';
import { AUDIO_ONLY, SEGMENT_SECONDS, autoCap, pictureRungs, startRungIndex } from '@/lib/video-quality';
import type { PlaybackChoice, StreamRung } from '@/lib/video-quality';

// Plays a lesson's streaming ladder in a <video>: hls.js (loaded only for a video lesson) where
// the browser has Media Source Extensions, the browser's own HLS where it has that instead (Safari
// on iPhones). Auto starts at the rung the connection suggests, never above the player's size or
// the data saver's cap, and steps down when the connection slows; a chosen rung stays put.

export type StreamSource = { master: string; rungs: StreamRung[] };

type Options = {
  startAt: number;
  preference: PlaybackChoice;
  /** A fresh master address once the signed one has expired (a long lesson); null when the lesson can no longer be opened. */
  renewMaster: () => Promise<string | null>;
  /** Told each rung played (`240p`, `audio`), for the playback report. */
  onLevel?: (name: string) => void;
  /** Told what went wrong (`networkError:fragLoadError`), for the playback report. */
  onError?: (code: string) => void;
};

/** The address of a rung's own playlist, beside the master. */
function rungPlaylist(master: string, rung: string): string {
  return master.replace(/master\.m3u8$/, `${rung}/index.m3u8`);
}

/** What the browser says of the connection (Chrome on Android and desktop), in bits per second. */
function connectionEstimate(): number | undefined {
  const downlink = (navigator as Navigator & { connection?: { downlink?: number } }).connection?.downlink;
  // A little under what it says: the first segments should arrive in time.
  return downlink ? downlink * 1_000_000 * 0.8 : undefined;
}

/** The address to load for a choice where only one playlist can be given (native HLS, or sound only). */
function sourceFor(stream: StreamSource, preference: PlaybackChoice, native: boolean): string {
  if (preference.choice === AUDIO_ONLY) return rungPlaylist(stream.master, AUDIO_ONLY);
  if (preference.choice !== 'auto') return rungPlaylist(stream.master, preference.choice);
  // The browser's own player cannot be capped: the data saver plays the capped rung itself.
  const capped = pictureRungs(stream.rungs)[autoCap(stream.rungs, true)];
  return native && preference.dataSaver && capped ? rungPlaylist(stream.master, capped.name) : stream.master;
}

export type Playback = { delivery: 'hls' | 'native'; destroy: () => void };

/** Starts playback of `stream` in `video`; null when this browser can play no HLS (the caller falls back to the file). */
export async function playStream(video: HTMLVideoElement, stream: StreamSource, options: Options): Promise<Playback | null> {
  const { default: HlsPlayer } = await import('hls.js/dist/hls.light.mjs');
  if (!HlsPlayer.isSupported()) {
    if (!video.canPlayType('application/vnd.apple.mpegurl')) return null;
    return playNatively(video, stream, options);
  }
  let hls: Hls | null = null;
  let master = stream.master;
  const estimate = connectionEstimate();
  const start = (position: number) => {
    hls?.destroy();
    const player = new HlsPlayer({
      startPosition: position,
      capLevelToPlayerSize: true,
      abrEwmaDefaultEstimate: estimate ?? 500_000,
      // Half a minute ahead at most, two segments with the data saver: what a learner leaves
      // unwatched should not have cost their data.
      maxBufferLength: options.preference.dataSaver ? 8 : 30,
      maxMaxBufferLength: options.preference.dataSaver ? 8 : 60,
      backBufferLength: 30,
    });
    hls = player;
    const source = options.preference.choice === AUDIO_ONLY ? rungPlaylist(master, AUDIO_ONLY) : master;
    player.on(HlsPlayer.Events.MANIFEST_PARSED, () => {
      const { choice, dataSaver } = options.preference;
      if (choice === AUDIO_ONLY) return;
      // hls.js lists the picture rungs lowest first, as the ladder does.
      const index = player.levels.findIndex((level) => `${Math.min(level.width, level.height)}p` === choice);
      if (index >= 0) player.currentLevel = index;
      else {
        const cap = Math.min(autoCap(stream.rungs, dataSaver), player.levels.length - 1);
        player.autoLevelCapping = cap;
        // A first segment that arrives quickly, then up from there.
        player.startLevel = Math.min(cap, startRungIndex(player.levels.map((level) => level.bitrate), SEGMENT_SECONDS, estimate));
      }
    });
    player.on(HlsPlayer.Events.LEVEL_SWITCHED, (_event, { level }) => {
      const switched = player.levels[level];
      if (switched) options.onLevel?.(switched.width && switched.height ? `${Math.min(switched.width, switched.height)}p` : AUDIO_ONLY);
    });
    player.on(HlsPlayer.Events.ERROR, (_event, data) => {
      if (data.fatal || data.response?.code === 403) options.onError?.(data.response?.code === 403 ? 'expired' : `${data.type}:${data.details}`);
      if (data.response?.code === 403) {
        // The signed address expired: carry on from here with a new one.
        const position = video.currentTime;
        void options.renewMaster().then((renewed) => {
          if (!renewed || hls !== player) return;
          master = renewed;
          start(position);
        });
        return;
      }
      if (!data.fatal) return;
      if (data.type === HlsPlayer.ErrorTypes.NETWORK_ERROR) player.startLoad();
      else if (data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR) player.recoverMediaError();
    });
    player.loadSource(source);
    player.attachMedia(video);
  };
  start(options.startAt);
  return { delivery: 'hls', destroy: () => hls?.destroy() };
}

function playNatively(video: HTMLVideoElement, stream: StreamSource, options: Options): Playback {
  const resume = () => {
    if (options.startAt > 0 && options.startAt < video.duration - 2) video.currentTime = options.startAt;
  };
  video.addEventListener('loadedmetadata', resume, { once: true });
  video.src = sourceFor(stream, options.preference, true);
  return {
    delivery: 'native',
    destroy: () => {
      video.removeEventListener('loadedmetadata', resume);
      video.removeAttribute('src');
      video.load();
    },
  };
}

