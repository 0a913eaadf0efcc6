// Types for next-protocol-headers.mjs (plain JavaScript: the production server runs it without a compiler).
import type { IncomingHttpHeaders } from 'node:http';

export declare function isRouterStateTree(value: string): boolean;
export declare function malformedNextHeader(headers: IncomingHttpHeaders): string | null;
