// Database outages answered as what they are: 503 with Retry-After, not 500.
//
// A catalogue page that is not in any cache yet (a detail page first requested during an outage, a
// list page past the prerendered ones) fails to render while the database is down, and Next answers
// 500 with the app's error page: a page has no way to choose its status. While the database is down
// (or was moments ago), the production server (serving/server.mjs) sends such a 500 as 503 with the
// same error page, so clients and load balancers know to come back.
//
// Only the app knows the database's state. server/platform/db.ts provides its check as
// `databaseRecentlyUnavailable` in serving/app-link.mjs: Next's bundled server code and this file
// are separate module graphs in the same process.

import { linked } from './app-link.mjs';

/** The app's check, or false before any page has loaded server/platform/db.ts (nothing can have failed on it). */
export function databaseRecentlyUnavailable() {
  return linked('databaseRecentlyUnavailable')?.() === true;
}

/**
 * Wraps this one response's writeHead, as compression middleware does. Node writes an implicit head
 * (res.statusCode, then write/end/flushHeaders, which is how Next sends its 500) through the
 * response's own writeHead too, so both ways of answering pass here.
 */
export function answerOutagesWith503(res, recentlyUnavailable = databaseRecentlyUnavailable) {
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    if (statusCode === 500 && recentlyUnavailable()) {
      statusCode = 503;
      this.setHeader('retry-after', '5');
    }
    return writeHead.call(this, statusCode, ...rest);
  };
}
