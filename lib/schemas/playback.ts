import { coded } from '@/lib/coded-message';
import { z } from 'zod';
import { MAX_SESSION_MS, MAX_START_MS } from '../playback-report';
import type { PlaybackReport } from '../playback-report';

/** A player's report of one playback session (lib/playback-report.ts), as the server takes it. */
export const playbackReportSchema = z.strictObject({
  /** A random id per playback, made by the player. */
  session: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, coded('sendAPlaybackSessionId')),
  delivery: z.enum(['hls', 'native', 'file']),
  startMs: z.number().int().min(0).max(MAX_START_MS).optional(),
  rebufferMs: z.number().int().min(0).max(MAX_SESSION_MS),
  playedMs: z.number().int().min(0).max(MAX_SESSION_MS),
  levels: z.array(z.string().regex(/^[0-9a-z]{1,12}$/)).max(8),
  errors: z.array(z.string().regex(/^[A-Za-z0-9:._-]{1,60}$/)).max(10),
}) satisfies z.ZodType<PlaybackReport>;
