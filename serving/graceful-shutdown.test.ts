/** @jest-environment node */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createGracefulShutdown } from './graceful-shutdown.mjs';

// A rolling restart as a load balancer sees it, against a tiny server that drains like
// serving/server.mjs: requests under way finish, new connections are refused, and clients on
// kept-alive connections are told to go elsewhere.

type Answer = { status: number; body: string; connection: string | undefined; reusedSocket: boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** /slow answers after 300 ms; /stream sends its head and a first chunk at once and ends after 300 ms; the rest at once. */
function route(req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.url === '/slow') setTimeout(() => res.end('slow'), 300);
  else if (req.url === '/stream') {
    res.write('first ');
    setTimeout(() => res.end('last'), 300);
  } else res.end('fast');
}

async function start(drainMs = 5000) {
  const server = http.createServer(route);
  const { shutdown } = createGracefulShutdown(server, { drainMs });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { shutdown, port: (server.address() as AddressInfo).port };
}

/** Resolves once the head is in (with a promise of the whole answer), so a test can act mid-response. */
function send(port: number, urlPath: string, agent: http.Agent | false = false) {
  return new Promise<{ answer: Promise<Answer> }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      const answer = once(res, 'end').then(() => ({ status: res.statusCode ?? 0, body, connection: res.headers.connection, reusedSocket: request.reusedSocket }));
      resolve({ answer });
    });
    request.on('error', reject);
  });
}

async function get(port: number, urlPath: string, agent: http.Agent | false = false): Promise<Answer> {
  return (await send(port, urlPath, agent)).answer;
}

describe('shutdown()', () => {
  let agent: http.Agent;
  beforeEach(() => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterEach(() => agent.destroy());

  it('lets a request under way finish with 200, and closes its connection after it', async () => {
    const { shutdown, port } = await start();
    const answer = get(port, '/slow', agent);
    await sleep(50);
    const drained = shutdown();
    expect(await answer).toMatchObject({ status: 200, body: 'slow', connection: 'close' });
    expect(await drained).toBe(0);
  });

  it('refuses new connections at once, and closes idle kept-alive ones', async () => {
    const { shutdown, port } = await start();
    expect((await get(port, '/', agent)).connection).toBe('keep-alive');
    const started = Date.now();
    const drained = shutdown();
    await expect(get(port, '/')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await drained).toBe(0);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers a request on a kept-alive connection during the drain with Connection: close', async () => {
    const { shutdown, port } = await start();
    // The head of this streamed answer went out before the shutdown, still promising keep-alive.
    const { answer: streamed } = await send(port, '/stream', agent);
    const drained = shutdown();
    expect(await streamed).toMatchObject({ status: 200, body: 'first last', connection: 'keep-alive' });
    expect(await get(port, '/', agent)).toEqual({ status: 200, body: 'fast', connection: 'close', reusedSocket: true });
    // Once that connection is closed nothing is left: no waiting for the keep-alive timeout.
    const started = Date.now();
    expect(await drained).toBe(0);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('cuts off what is still running after the drain time', async () => {
    const { shutdown, port } = await start(100);
    const answer = get(port, '/slow');
    await sleep(50);
    expect(await shutdown()).toBe(1);
    await expect(answer).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});

it('on SIGTERM drains, cleans up and exits 0', async () => {
  const moduleUrl = pathToFileURL(path.join(__dirname, 'graceful-shutdown.mjs')).href;
  const script = `
    import http from 'node:http';
    import { exitGracefullyOnSignals } from ${JSON.stringify(moduleUrl)};
    const server = http.createServer((req, res) => {
      console.log('request');
      setTimeout(() => res.end('done'), 300);
    });
    exitGracefullyOnSignals(server, { drainMs: 5000, cleanup: async () => console.log('cleanup'), log: console.log });
    server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const waiting: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiting.splice(0)) check();
  });
  const printed = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) resolve(match);
        else waiting.push(check);
      };
      check();
    });
  const exited = once(child, 'exit');
  try {
    const port = Number((await printed(/port (\d+)/))[1]);
    const answer = get(port, '/');
    await printed(/request/);
    child.kill('SIGTERM');
    expect(await answer).toMatchObject({ status: 200, body: 'done' });
    expect(await exited).toEqual([0, null]);
    expect(output).toMatch(/SIGTERM[\s\S]*cleanup/);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});
