// Types for router-payloads.mjs (plain JavaScript: the production server runs it without a compiler).
import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const ROUTER_PAYLOAD_CACHE_CONTROL: string;
export declare function isRouterPayloadRequest(req: IncomingMessage): boolean;
export declare function keepRouterPayloadsOutOfBrowserCaches(req: IncomingMessage, res: ServerResponse): void;
