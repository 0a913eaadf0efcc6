import 'server-only';
import type { ZodObject, ZodType } from 'zod';

// One API operation as server/openapi/document.ts describes it (its own module, so the lists of
// operations can share the type without importing each other).

export type Operation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  tag: string;
  summary: string;
  /** `optional-user`: answers anyone, and a signed-in caller with their own data. */
  access: 'public' | 'optional-user' | 'user' | 'owner' | 'self-or-admin' | 'admin' | 'signature';
  params?: ZodObject;
  query?: ZodObject;
  body?: ZodType;
  responses: Record<string, { description: string; schema?: ZodType }>;
};
