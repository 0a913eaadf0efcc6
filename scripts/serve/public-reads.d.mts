// Types for public-reads.mjs (plain JavaScript: the production server runs it without a compiler).
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the app offers (app/api/public-reads.ts). */
export type PublicReads = { answer(url: string, headersOf: () => Headers): Promise<Response> | null };

export declare function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean;
export declare function publicReadOf(req: IncomingMessage, reads?: PublicReads): Promise<Response> | null;
export declare function writePublicRead(answer: Promise<Response>, req: IncomingMessage, res: ServerResponse): Promise<void>;
