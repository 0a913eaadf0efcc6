import { execFileSync, spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';

// Stripe's own mock server (stripe-mock validates every request against Stripe's OpenAPI
// specification and answers with fixture objects), started on free ports for one test file.
// scripts/test-unit.sh builds the binary before jest runs.

export type StripeMock = {
  /** Where the Stripe SDK sends its requests (its `apiUrl`, or STRIPE_API_URL). */
  apiUrl: string;
  stop: () => void;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('stripe-mock did not start');
}

/** Starts stripe-mock and resolves once it listens; give the beforeAll that calls it a long timeout (the first build). */
export async function startStripeMock(): Promise<StripeMock> {
  const binary = execFileSync('bash', ['-c', 'source scripts/lib.sh && stripe_mock_binary'], { encoding: 'utf8' }).trim();
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const mock = spawn(binary, ['-http-port', String(httpPort), '-https-port', String(httpsPort)], { stdio: 'ignore' });
  try {
    await waitForPort(httpPort);
  } catch (error) {
    mock.kill();
    throw error;
  }
  return { apiUrl: `http://127.0.0.1:${httpPort}`, stop: () => mock.kill() };
}
