import type { Metadata } from 'next';
import { BlogsList, blogsMetadata } from './blogs-list';

// Rendered on first request, then served from the cache and refreshed at most every 5 minutes
// (admin changes refresh it at once through revalidateCatalogue).
export const revalidate = 300;

export const metadata: Metadata = blogsMetadata(1);

export default function BlogsPage() {
  return <BlogsList page={1} />;
}
