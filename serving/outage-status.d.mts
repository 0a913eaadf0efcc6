// Types for outage-status.mjs (plain JavaScript: the production server runs it without a compiler).
import type { ServerResponse } from 'node:http';

export declare function databaseRecentlyUnavailable(): boolean;
export declare function answerOutagesWith503(res: ServerResponse, recentlyUnavailable?: () => boolean): void;
