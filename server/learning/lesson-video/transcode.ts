import 'server-only';
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { ffmpegArguments, ladderFor } from './ladder';
import type { Ladder, SourceVideo } from './ladder';

// Runs ffmpeg over a whole ladder (ladder.ts) at the lowest CPU priority, so pages keep being
// served while a video is transcoded, reporting how far it got from ffmpeg's progress output.

/** The lowest priority a process can have: it gets the CPU only when nothing else wants it. */
const LOWEST_PRIORITY = 19;

export class TranscodeError extends Error {}

/**
 * Transcodes `input` into `outputDir` (which must exist); `onProgress` gets the share done, 0 to 1.
 * Rejects with ffmpeg's last words when it fails; `signal` stops it.
 */
export async function transcodeToLadder(input: string, outputDir: string, source: SourceVideo, options: { onProgress?: (done: number) => void; signal?: AbortSignal } = {}): Promise<Ladder> {
  const ladder = ladderFor(source);
  const child = spawn('ffmpeg', ffmpegArguments(input, outputDir, source, ladder), { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
  if (child.pid) {
    try {
      setPriority(child.pid, LOWEST_PRIORITY);
    } catch {
      // Not allowed here (a container without the capability): it runs at normal priority.
    }
  }
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    errors = (errors + text).slice(-2000);
  });
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    // Progress comes as key=value lines; out_time_us is how far into the video it is.
    const reached = /out_time_us=(\d+)/g;
    let last: number | null = null;
    for (let match = reached.exec(text); match; match = reached.exec(text)) last = Number(match[1]);
    if (last !== null && options.onProgress) options.onProgress(Math.min(1, last / 1e6 / source.durationSeconds));
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new TranscodeError(`ffmpeg stopped with code ${code}: ${errors.trim() || 'no message'}`);
  options.onProgress?.(1);
  return ladder;
}
