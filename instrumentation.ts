// Runs once when a server process starts (Next's instrumentation hook).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { answerOutagesWith503 } = await import('./server/outage-status');
  answerOutagesWith503();
  const { scheduleFulfilmentSweeps } = await import('./server/fulfilment');
  scheduleFulfilmentSweeps();
}
