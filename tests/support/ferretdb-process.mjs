// Starts the project's embedded FerretDB on a free loopback port with an empty data directory:
// for the jest run (global-setup.mjs) and for tests that need a server with other settings.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

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

/** @param {string[]} extraArgs @returns {Promise<{ child: import('node:child_process').ChildProcess, port: number, stop(): Promise<void> }>} */
export async function startFerretDb(extraArgs = []) {
  const binary = execFileSync('bash', ['-c', 'source scripts/lib.sh && ferretdb_binary'], { cwd: root, encoding: 'utf8' }).trim();
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'kz-jest-db-'));
  const child = spawn(binary, ['-listen', `127.0.0.1:${port}`, '-dir', dir, ...extraArgs], { stdio: 'ignore' });
  await waitForPort(port, 20000);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, port, stop };
}
