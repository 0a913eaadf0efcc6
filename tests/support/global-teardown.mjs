export default async function globalTeardown() {
  const child = globalThis.__kzFerretDb;
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
