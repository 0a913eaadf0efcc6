// Rolling restarts without failed requests: on SIGTERM the server stops accepting connections (a
// load balancer's next connect is refused at once, and it tries another instance), lets the
// requests it has finish, and tells clients on kept-alive connections to go elsewhere with
// `Connection: close` on every response whose head is written after the shutdown began.
//
// Node's server.close() stops listening and closes idle kept-alive connections, but keeps serving
// further requests on busy ones for as long as their clients send them: without the header, a
// client that keeps its connection busy would hold the instance until the drain time runs out.
// A connection whose answer had begun before the shutdown stays open after it for the client's next
// request (answered with the header) or until Node's keep-alive timeout (5 s) closes it. Whatever is
// still open after the drain time is cut off.
//
// What no server can drain: a connection the kernel completed but Node had not accepted yet when
// the listening socket closes is reset (one that arrived in the moment before). A load balancer
// sends such a GET to another instance itself, as nginx does, but not a POST it had already sent
// (nginx answers 502 unless `proxy_next_upstream ... non_idempotent`).

/**
 * Tracks the responses of `server` (call before it starts listening) and returns shutdown(), which
 * drains it: it resolves with how many requests were cut off at `drainMs` (0 when all finished).
 */
export function createGracefulShutdown(server, { drainMs }) {
  let closing = false;
  let drained;
  /** Unfinished responses: those whose head is not written yet are still told to close. */
  const open = new Set();

  // Ahead of the app's own listener, which may write the head at once (a page cache hit).
  server.prependListener('request', (_req, res) => {
    if (closing) res.setHeader('connection', 'close');
    open.add(res);
    res.once('close', () => open.delete(res));
  });

  function shutdown() {
    drained ??= new Promise((resolve) => {
      closing = true;
      for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
      let cutOff = 0;
      const deadline = setTimeout(() => {
        cutOff = open.size;
        server.closeAllConnections();
      }, drainMs);
      server.close(() => {
        clearTimeout(deadline);
        resolve(cutOff);
      });
    });
    return drained;
  }

  return { shutdown };
}

/**
 * On SIGTERM or SIGINT: drain `server`, then run `cleanup` (given at most `cleanupMs`), then exit 0.
 * A second signal while draining changes nothing: the drain is already bounded.
 */
export function exitGracefullyOnSignals(server, { drainMs, cleanup = async () => {}, cleanupMs = 5000, log = console.log }) {
  const { shutdown } = createGracefulShutdown(server, { drainMs });
  let stopping = false;
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    log(`serve: ${signal}, finishing the requests under way (at most ${drainMs} ms)`);
    const cutOff = await shutdown();
    if (cutOff > 0) log(`serve: cut off ${cutOff} request(s) still running after ${drainMs} ms`);
    await Promise.race([cleanup().catch((error) => log(`serve: cleanup failed: ${error}`)), new Promise((resolve) => setTimeout(resolve, cleanupMs).unref())]);
    process.exit(0);
  }
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
