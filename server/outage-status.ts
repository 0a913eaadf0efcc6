import 'server-only';
import { ServerResponse } from 'node:http';
import { databaseRecentlyUnavailable } from './db';

/**
 * A catalogue page that is not in the page cache yet (a detail page first requested during an
 * outage, a list page past the prerendered ones) fails to render while the database is down, and
 * Next answers 500: a page has no way to choose 503. While the database is down (or was moments
 * ago), such a 500 is sent as what it is — 503 with Retry-After — with the same error page.
 */
export function answerOutagesWith503(): void {
  const writeHead = ServerResponse.prototype.writeHead;
  ServerResponse.prototype.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (statusCode === 500 && databaseRecentlyUnavailable()) {
      statusCode = 503;
      this.setHeader('Retry-After', '5');
    }
    return (writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
  } as typeof writeHead;
}
