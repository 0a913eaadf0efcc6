// First-load JavaScript per route, read from the production build rather than from a browser,
// so the figure does not depend on network or cache state.
//
// A route's first load is Next's bootstrap (`rootMainFiles` in build-manifest.json) plus the
// client chunks of the segments rendered with it: every layout, template, loading and error
// boundary on the way down and the page itself. Those are the `entryJSFiles` of the route's
// client reference manifest. The not-found, forbidden, unauthorized and global-error entries are
// fetched only when such a screen is shown, and polyfills only by browsers without modules.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

export type RouteJs = { route: string; files: number; rawBytes: number; gzipBytes: number };

const buildManifestSchema = z.object({ rootMainFiles: z.array(z.string()), polyfillFiles: z.array(z.string()).default([]) });
const routesManifestSchema = z.record(z.string(), z.string());
const clientManifestSchema = z.object({ entryJSFiles: z.record(z.string(), z.array(z.string())).default({}) });

const ON_DEMAND_ENTRY = /(\/not-found|\/forbidden|\/unauthorized|global-error)$/;

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

/** The manifest is a script that assigns to globalThis.__RSC_MANIFEST; run it in an empty context. */
function clientManifest(file: string, entry: string): z.infer<typeof clientManifestSchema> | null {
  if (!existsSync(file)) return null;
  const context = createContext({});
  runInContext(readFileSync(file, 'utf8'), context, { timeout: 5_000 });
  const manifests = z.record(z.string(), z.unknown()).safeParse(context.__RSC_MANIFEST);
  if (!manifests.success) return null;
  const parsed = clientManifestSchema.safeParse(manifests.data[entry]);
  return parsed.success ? parsed.data : null;
}

/** gzip level 9, as Next's own build summary measured it. */
function sizes(distDir: string, files: Iterable<string>): { rawBytes: number; gzipBytes: number; files: number } {
  let rawBytes = 0;
  let gzipBytes = 0;
  let count = 0;
  for (const file of files) {
    const path = join(distDir, file.replace(/^\/?_next\//, ''));
    if (!existsSync(path)) continue;
    const content = readFileSync(path);
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
    count += 1;
  }
  return { rawBytes, gzipBytes, files: count };
}

export function firstLoadJs(distDir: string): RouteJs[] {
  const build = buildManifestSchema.parse(readJson(join(distDir, 'build-manifest.json')));
  const routes = routesManifestSchema.parse(readJson(join(distDir, 'app-path-routes-manifest.json')));
  const results: RouteJs[] = [];
  for (const [entry, route] of Object.entries(routes)) {
    if (!entry.endsWith('/page') || route.startsWith('/_')) continue;
    const manifest = clientManifest(join(distDir, 'server', 'app', `${entry}_client-reference-manifest.js`), entry);
    if (!manifest) continue;
    const files = new Set(build.rootMainFiles);
    for (const [segment, chunks] of Object.entries(manifest.entryJSFiles)) {
      if (ON_DEMAND_ENTRY.test(segment)) continue;
      for (const chunk of chunks) files.add(chunk);
    }
    for (const polyfill of build.polyfillFiles) files.delete(polyfill);
    results.push({ route, ...sizes(distDir, files) });
  }
  return results.sort((a, b) => a.route.localeCompare(b.route));
}

/**
 * The same figure measured on a served page: the external scripts its HTML loads (module
 * browsers skip `nomodule` polyfills). A cross-check of the build-manifest reading.
 */
export function htmlScriptJs(distDir: string, html: string): { files: number; rawBytes: number; gzipBytes: number } {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attributes = match[1] ?? '';
    if (/\bnomodule\b/i.test(attributes)) continue;
    const source = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (source?.startsWith('/_next/')) sources.add(source.replace(/\?.*$/, ''));
  }
  return sizes(distDir, sources);
}
