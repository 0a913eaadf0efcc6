// Checks shared by the integration tests.

/** Awaits `promise` and checks that it failed with the domain's HttpError of `status` (server/platform/http.ts). */
export async function expectHttpError(promise: Promise<unknown>, status: number): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toMatchObject({ name: 'HttpError', status });
}

/** Fakes only Date (the driver's timers stay real), so each write gets the time the test says. */
export function fakeDateAt(iso: string): void {
  jest.useFakeTimers({
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    now: new Date(iso),
  });
}
