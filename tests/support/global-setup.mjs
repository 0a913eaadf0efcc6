// Starts a fresh embedded FerretDB (empty temp directory, free port) for this test run,
// unless TEST_MONGODB_URI names a database to use instead.
import { startFerretDb } from './ferretdb-process.mjs';

export default async function globalSetup() {
  if (process.env.TEST_MONGODB_URI) {
    process.env.MONGODB_URI = process.env.TEST_MONGODB_URI;
    return;
  }
  const { child, port } = await startFerretDb();
  globalThis.__kzFerretDb = child;
  process.env.MONGODB_URI = `mongodb://127.0.0.1:${port}/kz_jest`;
}
