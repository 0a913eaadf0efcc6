// Checks shared by the integration tests.

/** Awaits `promise` and checks that it failed with the domain's HttpError of `status` (server/platform/http.ts). */
export async function expectHttpError(promise: Promise<unknown>, status: number): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toMatchObject({ name: 'HttpError', status });
}

/**
 * The HTTP status a domain call would answer with through a route (server/platform/http.ts): a
 * Response's own, the HttpError's, 400 for a schema's refusal, 200 for any other result.
 */
export async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    const answer = await promise;
    return answer instanceof Response ? answer.status : 200;
  } catch (error) {
    if (error instanceof Error && error.name === 'HttpError') return (error as Error & { status: number }).status;
    if (error instanceof Error && error.name === 'ZodError') return 400;
    throw error;
  }
}

/** Fakes only Date (the driver's timers stay real), so each write gets the time the test says. */
export function fakeDateAt(iso: string): void {
  jest.useFakeTimers({
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    now: new Date(iso),
  });
}

/**
 * What a route answers (server/platform/http.ts) for the refusal `attempt` ends in: its status and
 * JSON body. Fails when `attempt` was not refused.
 */
export async function answerToRefusal(attempt: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const refusal = await attempt.then(
    () => {
      throw new Error('expected a refusal');
    },
    (caught: unknown) => caught,
  );
  const { errorResponse } = await import('@/server/platform/http');
  const response = errorResponse(refusal);
  return { status: response.status, body: (await response.json()) as unknown };
}
