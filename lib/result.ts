import type { CodedMessage } from './coded-message';

// One result type for server actions and JSON answers (docs/architecture.md, house style: one result
// type). Messages travel coded (lib/coded-message.ts): the page shows them in its language, the API
// in English.

/** Each field's messages: codes from the schema, or a zod default's English words. */
export type FieldErrors = Record<string, string[] | undefined>;

export type Result<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; message: CodedMessage; fieldErrors?: FieldErrors };

type Issue = { path: readonly PropertyKey[]; message: string };

function fieldErrorsKeyed(issues: readonly Issue[], keyOf: (path: readonly PropertyKey[]) => string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[keyOf(issue.path)] ??= []).push(issue.message);
  return errors;
}

/** Each message keyed by the top-level field it is about ("form" for the whole input). */
export function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  return fieldErrorsKeyed(issues, (path) => String(path[0] ?? 'form'));
}

/** Each message keyed by its field's whole path ("translations.bn.title"), for forms with nested fields. */
export function fieldErrorsByPath(issues: readonly Issue[]): FieldErrors {
  return fieldErrorsKeyed(issues, (path) => (path.length > 0 ? path.map(String).join('.') : 'form'));
}
