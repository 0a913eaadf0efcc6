// Runs once when a server process starts (Next's instrumentation hook).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { scheduleBackgroundWork } = await import('./server/platform/background-work');
  scheduleBackgroundWork();
  const { watchPublicChanges } = await import('./server/platform/public-changes');
  watchPublicChanges();
  // The production server answers the API's public reads through their route handlers itself (app/api/public-reads.ts).
  const { offerPublicReadsToServer } = await import('./app/api/public-reads');
  offerPublicReadsToServer();
}
