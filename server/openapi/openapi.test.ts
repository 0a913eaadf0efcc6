import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from './document';

const API_DIR = path.join(process.cwd(), 'app', 'api');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * app/api/[...path] answers 404 to every address no other route handles: it is the absence of an
 * operation, not one, so the document does not list it (an `/api/{path}` entry would promise
 * operations that do not exist, and the permission matrix would have to call it).
 */
const NOT_AN_OPERATION = path.join(API_DIR, '[...path]');

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (full === NOT_AN_OPERATION) return [];
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === 'route.ts' ? [full] : [];
  });
}

/** app/api/user/[key]/route.ts → /api/user/{key}; [...nextauth] → {nextauth} */
function apiPathOf(file: string): string {
  const relative = path.relative(path.join(process.cwd(), 'app'), path.dirname(file)).split(path.sep);
  return `/${relative.map((segment) => segment.replace(/^\[(?:\.\.\.)?(.+)\]$/, '{$1}')).join('/')}`;
}

function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)) found.add(match[1] ?? '');
  for (const match of source.matchAll(/export\s+const\s+\{([^}]+)\}/g)) {
    for (const name of (match[1] ?? '').split(',').map((part) => part.trim())) if ((METHODS as readonly string[]).includes(name)) found.add(name);
  }
  return [...found];
}

const document = openApiDocument('http://localhost:3000');
const documented = new Set(Object.entries(document.paths).flatMap(([apiPath, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${apiPath}`)));
const implemented = new Set(routeFiles(API_DIR).flatMap((file) => exportedMethods(readFileSync(file, 'utf8')).map((method) => `${method} ${apiPathOf(file)}`)));

describe('the OpenAPI document', () => {
  it('documents every route handler that exists', () => {
    expect([...implemented].filter((operation) => !documented.has(operation)).sort()).toEqual([]);
  });

  it('documents nothing that does not exist', () => {
    expect([...documented].filter((operation) => !implemented.has(operation)).sort()).toEqual([]);
  });

  it('is OpenAPI 3.1 with unique operation ids and a response for every operation', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod) as { operationId: string; responses: object }[]);
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
    for (const operation of operations) expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
  });
});
