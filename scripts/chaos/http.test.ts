/** @jest-environment node */
// The chaos client's own behaviour: a GET that an idle keep-alive connection loses before any
// answer is sent again on a new connection (as a browser does); other failures are recorded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepAliveAgent, request } from './http';

/** A server that drops the second request on every connection unanswered, as a server closing an idle connection does. */
function startDroppingServer(): Promise<{ url: string; requestsOnNewConnections: () => number; close: () => Promise<void> }> {
  let fresh = 0;
  const seen = new WeakMap<object, number>();
  const server = http.createServer((req, res) => {
    const count = (seen.get(req.socket) ?? 0) + 1;
    seen.set(req.socket, count);
    if (count === 1) fresh += 1;
    if (count > 1) {
      req.socket.destroy();
      return;
    }
    res.end(req.method);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        requestsOnNewConnections: () => fresh,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

describe('chaos http client', () => {
  afterAll(() => keepAliveAgent.destroy());

  it('sends a GET again on a new connection when a reused one is dropped before the answer', async () => {
    const server = await startDroppingServer();
    try {
      const first = await request(server.url, { timeoutMs: 5000 });
      const second = await request(server.url, { timeoutMs: 5000 });
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.body).toBe('GET');
      expect(server.requestsOnNewConnections()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('records a dropped POST as no answer instead of sending it twice', async () => {
    const server = await startDroppingServer();
    try {
      await request(server.url, { method: 'POST', body: '{}', timeoutMs: 5000 });
      const second = await request(server.url, { method: 'POST', body: '{}', timeoutMs: 5000 });
      expect(second.status).toBe(0);
      expect(second.error).toBe('ECONNRESET');
      expect(server.requestsOnNewConnections()).toBe(1);
    } finally {
      await server.close();
    }
  });
});
