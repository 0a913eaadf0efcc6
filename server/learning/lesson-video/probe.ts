import 'server-only';
import { coded } from '@/lib/coded-message';
import type { CodedMessage } from '@/lib/coded-message';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { z } from 'zod';
import type { SourceVideo } from './ladder';

// What an uploaded video really holds, read by ffprobe from its streams (not its name or its first
// bytes), and the reasons a file cannot be transcoded, in words an admin can act on.

const run = promisify(execFile);

/** The longest lesson video taken: longer ones belong split into lessons. */
export const MAX_VIDEO_SECONDS = 4 * 60 * 60;

/** The largest picture taken (4K UHD): the ladder tops out far below it anyway. */
const MAX_PIXELS = 3840 * 2160;

export const VIDEO_REFUSALS = {
  unreadable: 'thisFileIsNotAVideoThatCanBePlayedItMay',
  noPicture: 'thisFileHasNoVideoPictureAnAudioFilePerhapsUploadA',
  tooLong: coded('thisVideoIsLongerThanHoursSplitItIntoShorterLessons', { hours: MAX_VIDEO_SECONDS / 3600 }),
  tooLarge: 'thisVideoSPictureIsLargerThan4k38402160ExportIt',
} as const satisfies Record<string, CodedMessage>;

export type VideoRefusal = keyof typeof VIDEO_REFUSALS;

const probeAnswer = z.object({
  streams: z.array(
    z.object({
      codec_type: z.string().optional(),
      width: z.number().optional(),
      height: z.number().optional(),
      avg_frame_rate: z.string().optional(),
      duration: z.string().optional(),
      disposition: z.object({ attached_pic: z.number().optional() }).optional(),
    }),
  ),
  format: z.object({ duration: z.string().optional() }).optional(),
});

/** "30000/1001" → 29.97; absent or "0/0" → null. */
function frameRateOf(text: string | undefined): number | null {
  const [top, bottom] = (text ?? '').split('/').map(Number);
  return top && bottom ? top / bottom : null;
}

/** The file's video, or why it cannot be transcoded. */
export async function probeVideo(path: string): Promise<{ ok: true; source: SourceVideo } | { ok: false; refusal: VideoRefusal }> {
  let output: string;
  try {
    ({ stdout: output } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], { maxBuffer: 4 * 1024 * 1024 }));
  } catch {
    return { ok: false, refusal: 'unreadable' };
  }
  const parsed = probeAnswer.safeParse(JSON.parse(output || '{}'));
  if (!parsed.success) return { ok: false, refusal: 'unreadable' };
  const { streams, format } = parsed.data;
  // A cover picture in an audio file is a "video" stream of one frame: not a picture to play.
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic && stream.width && stream.height);
  if (!video?.width || !video.height) return { ok: false, refusal: streams.length === 0 ? 'unreadable' : 'noPicture' };
  const durationSeconds = Number(format?.duration ?? video.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return { ok: false, refusal: 'unreadable' };
  if (durationSeconds > MAX_VIDEO_SECONDS) return { ok: false, refusal: 'tooLong' };
  if (video.width * video.height > MAX_PIXELS) return { ok: false, refusal: 'tooLarge' };
  return {
    ok: true,
    source: { width: video.width, height: video.height, durationSeconds, frameRate: frameRateOf(video.avg_frame_rate), hasAudio: streams.some((stream) => stream.codec_type === 'audio') },
  };
}
