import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BlogCard } from '@/components/catalogue/blog-card';
import { CatalogueGrid } from '@/components/catalogue/catalogue-grid';
import { EmptyState } from '@/components/catalogue/empty-state';
import { PageHeading } from '@/components/catalogue/page-heading';
import { Pagination } from '@/components/catalogue/pagination';
import { listPagePath } from '@/lib/pagination';
import { listBlogs } from '@/server/blogs';
import { pageMetadata, pageSuffix } from '@/app/_catalogue/seo';

// /blogs and /blogs/page/N render this one screen.

export const BLOGS_HEADING = 'Blogs';
const BLOGS_PATH = '/blogs';

export function blogsMetadata(page: number): Metadata {
  return pageMetadata({
    title: `${BLOGS_HEADING}${pageSuffix(page)}`,
    description: 'Study tips, exam advice and news from the Knowledge Zone teachers: routines that survive exam season, common mistakes to avoid and guides for parents.',
    path: listPagePath(BLOGS_PATH, page),
  });
}

export async function BlogsList({ page }: { page: number }) {
  const result = await listBlogs(page);
  if (page > result.pageCount) notFound();
  return (
    <>
      <PageHeading title={BLOGS_HEADING} />
      <div className="container-page py-8 lg:py-10">
        {result.items.length === 0 ? (
          <EmptyState message="No blog posts have been published yet. Please check back soon." />
        ) : (
          <CatalogueGrid layout="blogs" label="Blog posts">
            {result.items.map((blog, index) => (
              <BlogCard key={blog.id} blog={blog} priority={index < 2} />
            ))}
          </CatalogueGrid>
        )}
        <Pagination page={page} pageCount={result.pageCount} hrefFor={(target) => listPagePath(BLOGS_PATH, target)} label="Blog pages" />
      </div>
    </>
  );
}
