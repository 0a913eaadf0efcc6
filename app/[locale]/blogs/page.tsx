import type { Metadata } from 'next';
import { BlogsList, blogsMetadata } from './blogs-list';
import { isBuilding } from '@/server/platform/build-phase';

// Rendered on first request (the build renders it without data: server/platform/build-phase.ts), then
// served from the cache and refreshed at most every 5 minutes
// (admin changes refresh it at once: server/catalogue/catalogue-cache.ts).
export const revalidate = 300;

export function generateMetadata(): Promise<Metadata> {
  return blogsMetadata(1);
}

export default function BlogsPage() {
  if (isBuilding()) return null;
  return <BlogsList page={1} />;
}
