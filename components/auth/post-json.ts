// Sends a form to one of our JSON endpoints and returns its answer as a value, never throwing.
export type JsonAnswer = {
  status: number;
  body: { message?: string; code?: string; fieldErrors?: Record<string, string[] | undefined>; fieldErrorCodes?: Record<string, string[] | undefined>; [key: string]: unknown };
};

export async function postJson(url: string, data: unknown): Promise<JsonAnswer> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(data),
    });
    const body = (await response.json().catch(() => ({}))) as JsonAnswer['body'];
    return { status: response.status, body };
  } catch {
    return { status: 0, body: { message: 'networkErrorCheckYourConnectionAndTryAgain' } };
  }
}
