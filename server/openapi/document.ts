import 'server-only';
import { z } from 'zod';
import type { ZodType } from 'zod';
import { OPERATIONS } from './operations';
import type { Operation } from './operation';

// The OpenAPI 3.1 document of /api, generated from the same zod schemas the handlers use.

function jsonSchema(schema: ZodType): object {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

const SECURITY: Record<Operation['access'], object[] | undefined> = {
  public: undefined,
  // The empty requirement: the credentials are optional.
  'optional-user': [{}, { bearerAuth: [] }, { cookieAuth: [] }],
  user: [{ bearerAuth: [] }, { cookieAuth: [] }],
  owner: [{ bearerAuth: [] }, { cookieAuth: [] }],
  'self-or-admin': [{ bearerAuth: [] }, { cookieAuth: [] }],
  admin: [{ bearerAuth: [] }, { cookieAuth: [] }],
  signature: undefined,
};

const STANDARD_ERRORS: Record<string, string> = {
  '400': 'Malformed input (invalid id, unknown field, operator object, bad JSON)',
  '401': 'Not signed in: `{message: "Unauthorized access"}`',
  '403': 'Not allowed, or an invalid/expired bearer token: `{message: "Forbidden access"}`',
  '429': 'Rate limited; see Retry-After',
  '503': 'The database is temporarily unavailable',
};

/** Errors an operation open to anyone cannot answer: anonymous callers are let in (a bad bearer token is still 403 where a session is optional). */
const NO_SIGN_IN_ERRORS: Partial<Record<Operation['access'], string[]>> = { public: ['401', '403'], 'optional-user': ['401'] };

function operationObject(operation: Operation) {
  const parameters = [
    ...Object.entries(operation.params?.shape ?? {}).map(([name, schema]) => ({ name, in: 'path', required: true, schema: jsonSchema(schema as ZodType) })),
    ...Object.entries(operation.query?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: !(schema as ZodType).safeParse(undefined).success,
      schema: jsonSchema(schema as ZodType),
    })),
  ];
  const errors = Object.fromEntries(
    Object.entries(STANDARD_ERRORS)
      .filter(([status]) => !(NO_SIGN_IN_ERRORS[operation.access] ?? []).includes(status))
      .map(([status, description]) => [status, { description }]),
  );
  return {
    summary: operation.summary,
    operationId: `${operation.method}${operation.path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
    tags: [operation.tag],
    ...(SECURITY[operation.access] ? { security: SECURITY[operation.access] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(operation.body) } } } } : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [
          status,
          { description: response.description, ...(response.schema ? { content: { 'application/json': { schema: jsonSchema(response.schema) } } } : {}) },
        ]),
      ),
      ...errors,
    },
  };
}

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    (paths[operation.path] ??= {})[operation.method] = operationObject(operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Knowledge Zone API',
      version: '1.0.0',
      description:
        'The legacy REST contract (same paths, fields and shapes as the old Express server, under /api) plus the endpoints the web app uses. Any other /api address answers 404 `{message: "Not found"}`.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'From PUT /api/user/{email}; valid for one hour' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'authjs.session-token' },
      },
    },
    paths,
  };
}
