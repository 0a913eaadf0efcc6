// Types for public-reads.mjs (plain JavaScript: the production server runs it without a compiler).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PublicReads } from './app-link.mjs';

export declare function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean;
/** `reads`: the app's table (default: `publicReads` in app-link.mjs). */
export declare function publicReadOf(req: IncomingMessage, reads?: PublicReads): Promise<Response> | null;
export declare function writePublicRead(answer: Promise<Response>, req: IncomingMessage, res: ServerResponse): Promise<void>;
