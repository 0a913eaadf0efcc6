import 'server-only';
import { isImageAddress } from '@/lib/schemas/admin-fields';
import { siteUrl } from '../platform/env';

// Old single-page clients run on another origin and put the image fields of legacy answers straight
// into <img src>: a site path such as /media/<id> would load from the client's own host. So the
// legacy API answers them as absolute addresses on SITE_URL, and takes those addresses back as the
// site paths they stand for (the old update forms send back what they were given).

/** The image fields of the old document shapes (docs/legacy-api.md): course, book, blog, instructor, order, review. */
export const LEGACY_IMAGE_FIELDS = ['img', 'instructorImg', 'writerImg', 'writerImg2', 'writerImg3', 'writerImg4', 'image'] as const;

function siteOrigin(): string {
  return new URL(siteUrl()).origin;
}

/**
 * A site path (`/media/…`, `/demo/…`, `/avatars/…`) as an address on SITE_URL. Addresses that are
 * absolute already, the empty value of an unused writer slot, and anything else are kept as stored.
 */
export function absoluteImageAddress(value: string): string;
export function absoluteImageAddress(value: string | null): string | null;
export function absoluteImageAddress(value: string | null): string | null {
  if (value === null || !value.startsWith('/') || value.startsWith('//')) return value;
  return `${siteOrigin()}${value}`;
}

/** An address on SITE_URL of one of the site's own images, as its site path; any other value unchanged. */
function siteImagePath(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return value;
  }
  if (url.origin !== siteOrigin() || url.search || url.hash) return value;
  return isImageAddress(url.pathname) ? url.pathname : value;
}

/**
 * A legacy write body with its image fields turned back into site paths, before the body's schema
 * judges it; anything that is not a plain object is left for the schema to refuse.
 */
export function withSiteImagePaths(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const changed = LEGACY_IMAGE_FIELDS.filter((field) => Object.hasOwn(record, field) && siteImagePath(record[field]) !== record[field]);
  if (changed.length === 0) return body;
  // Spreading copies every own key as it is (a `__proto__` key stays a key for the schema to refuse).
  const copy: Record<string, unknown> = { ...record };
  for (const field of changed) copy[field] = siteImagePath(record[field]);
  return copy;
}
