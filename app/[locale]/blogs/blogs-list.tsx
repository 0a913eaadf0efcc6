import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { BlogCard } from '@/components/catalogue/blog-card';
import { CatalogueGrid } from '@/components/catalogue/catalogue-grid';
import { EmptyState } from '@/components/catalogue/empty-state';
import { PageHeading } from '@/components/catalogue/page-heading';
import { Pagination } from '@/components/catalogue/pagination';
import { listPagePath } from '@/lib/pagination';
import { listBlogs } from '@/server/catalogue/blogs';
import { listPageSuffix } from '@/app/_catalogue/list-pages';
import { pageMetadata } from '@/app/_catalogue/seo';

// /blogs and /blogs/page/N render this one screen.

const BLOGS_PATH = '/blogs';

export async function blogsMetadata(page: number): Promise<Metadata> {
  const [t, suffix] = await Promise.all([getTranslations('catalogue.blogs'), listPageSuffix(page)]);
  return pageMetadata({
    title: `${t('heading')}${suffix}`,
    description: t('description'),
    path: listPagePath(BLOGS_PATH, page),
  });
}

export async function BlogsList({ page }: { page: number }) {
  const [result, t] = await Promise.all([listBlogs(page), getTranslations('catalogue.blogs')]);
  if (page > result.pageCount) notFound();
  return (
    <>
      <PageHeading title={t('heading')} />
      <div className="container-page py-8 lg:py-10">
        {result.items.length === 0 ? (
          <EmptyState message={t('empty')} />
        ) : (
          <CatalogueGrid layout="blogs" label={t('grid')}>
            {result.items.map((blog, index) => (
              <BlogCard key={blog.id} blog={blog} priority={index < 2} />
            ))}
          </CatalogueGrid>
        )}
        <Pagination page={page} pageCount={result.pageCount} hrefFor={(target) => listPagePath(BLOGS_PATH, target)} label={t('pages')} />
      </div>
    </>
  );
}
