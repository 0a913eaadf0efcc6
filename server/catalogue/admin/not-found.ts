import 'server-only';
import type { CodedMessage } from '@/lib/coded-message';
import { HttpError } from '../../platform/http';

/** The legacy API answers 404 for a well-formed id that names nothing (docs/legacy-api.md). */
export function orNotFound<T>(value: T | null, message: CodedMessage): T {
  if (value === null) throw new HttpError(404, message);
  return value;
}
