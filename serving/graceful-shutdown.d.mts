// Types for graceful-shutdown.mjs (plain JavaScript: the production server runs it without a compiler).
import type { Server } from 'node:http';

export declare function createGracefulShutdown(server: Server, options: { drainMs: number }): { shutdown(): Promise<number> };
export declare function exitGracefullyOnSignals(
  server: Server,
  options: { drainMs: number; cleanup?: () => Promise<unknown>; cleanupMs?: number; log?: (message: string) => void },
): void;
