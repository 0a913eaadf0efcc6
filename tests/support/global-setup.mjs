// Starts a fresh embedded FerretDB (empty temp directory, free port) for this test run,
// unless TEST_MONGODB_URI names a database to use instead.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => { socket.end(); resolve(true); });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`FerretDB did not open port ${port}`);
}

export default async function globalSetup() {
  if (process.env.TEST_MONGODB_URI) {
    process.env.MONGODB_URI = process.env.TEST_MONGODB_URI;
    return;
  }
  const root = path.resolve(import.meta.dirname, '../..');
  const binary = execFileSync('bash', ['-c', 'source scripts/lib.sh && ferretdb_binary'], { cwd: root, encoding: 'utf8' }).trim();
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'kz-jest-db-'));
  const child = spawn(binary, ['-listen', `127.0.0.1:${port}`, '-dir', dir], { stdio: 'ignore' });
  globalThis.__kzFerretDb = child;
  await waitForPort(port, 20000);
  process.env.MONGODB_URI = `mongodb://127.0.0.1:${port}/kz_jest`;
}
