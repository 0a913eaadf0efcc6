import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';

// Stripe's own mock server (stripe-mock validates every request against Stripe's OpenAPI
// specification and answers with fixture objects), started on free ports for one test file.
// scripts/test-unit.sh builds the binary before jest runs.

export type StripeMock = {
  /** Where the Stripe SDK sends its requests (its `apiUrl`, or STRIPE_API_URL). */
  apiUrl: string;
  stop: () => void;
};

/** `count` distinct free ports: all are held open until each is known, so none is handed out twice. */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve, reject) => {
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => {
            const address = server.address();
            if (typeof address === 'object' && address) resolve(address.port);
            else reject(new Error('no port'));
          });
        }),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

function listens(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** How long stripe-mock may take to load Stripe's specification and listen: seconds on a loaded machine. */
const START_TIMEOUT_MS = 60_000;

/** Resolves once `port` listens; fails at once, with what it printed, when the process exits first. */
async function waitForPort(mock: ChildProcess, port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (mock.exitCode !== null || mock.signalCode !== null) throw new Error(`stripe-mock exited (${mock.exitCode ?? mock.signalCode}): ${output()}`);
    if (await listens(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`stripe-mock did not listen within ${START_TIMEOUT_MS / 1000} s: ${output()}`);
}

/** Starts stripe-mock and resolves once it listens; give the beforeAll that calls it a long timeout (the first build). */
export async function startStripeMock(): Promise<StripeMock> {
  const binary = execFileSync('bash', ['-c', 'source scripts/lib.sh && stripe_mock_binary'], { encoding: 'utf8' }).trim();
  const [httpPort = 0, httpsPort = 0] = await freePorts(2);
  const mock = spawn(binary, ['-http-port', String(httpPort), '-https-port', String(httpsPort)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString('utf8')).slice(-2000);
  };
  mock.stdout.on('data', keep);
  mock.stderr.on('data', keep);
  try {
    await waitForPort(mock, httpPort, () => printed.trim() || 'nothing printed');
  } catch (error) {
    mock.kill();
    throw error;
  }
  return { apiUrl: `http://127.0.0.1:${httpPort}`, stop: () => mock.kill() };
}
