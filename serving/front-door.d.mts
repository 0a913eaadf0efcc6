// Types for front-door.mjs (plain JavaScript: the production server runs it without a compiler).
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

export declare function trustedProxyHops(raw: string | undefined): number;
export declare function clientAddressOf(headers: IncomingHttpHeaders, socketAddress: string | undefined, hops: number): string;
export declare function settleForwardedHeaders(req: Pick<IncomingMessage, 'headers' | 'socket'>, hops: number): boolean;
export declare function malformedRequestRefusal(req: Pick<IncomingMessage, 'url' | 'headers'>): { status: number; message: string } | null;
export declare function announcesBody(req: Pick<IncomingMessage, 'headers'>): boolean;
