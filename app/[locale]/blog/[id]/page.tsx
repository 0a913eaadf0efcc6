import { localizeItem } from '@/lib/translated-content';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { JsonLd } from '@/components/catalogue/json-ld';
import { formatBlogDate } from '@/lib/format';
import { routes } from '@/lib/routes';
import { getBlog } from '@/server/catalogue/blogs';
import type { Blog } from '@/server/catalogue/blogs';
import { pageMetadata } from '@/app/_catalogue/seo';
import { blogStructuredData } from '@/app/_catalogue/structured-data';

// Rendered on first request, then served from the cache and refreshed at most every 5 minutes
// (admin changes refresh it at once: server/catalogue/catalogue-cache.ts).
export const revalidate = 300;

export async function generateStaticParams(): Promise<{ id: string }[]> {
  return [];
}

type Props = { params: Promise<{ id: string }> };

async function loadBlog(params: Props['params']): Promise<Blog> {
  const blog = await getBlog((await params).id);
  if (!blog) notFound();
  return localizeItem(blog, { title: 'title', description: 'description' }, await getLocale());
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const blog = await loadBlog(params);
  return pageMetadata({ title: blog.title, description: blog.description, path: routes.blog(blog.id), image: blog.img, type: 'article' });
}

export default async function BlogDetailPage({ params }: Props) {
  const blog = await loadBlog(params);
  const [t, tNav] = await Promise.all([getTranslations('blog'), getTranslations('nav')]);
  const locale = await getLocale();
  const paragraphs = blog.description.split(/\n\s*\n|\r?\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <div className="container-page py-6 lg:py-10">
      <JsonLd data={blogStructuredData(blog, locale)} />
      <Breadcrumbs trail={[{ href: '/', label: tNav('home') }, { href: '/blogs', label: t('blogs') }]} current={blog.title} />
      <article className="mx-auto mt-6 max-w-3xl">
        <OptimizedImage
          src={blog.img}
          alt=""
          width={1200}
          height={675}
          sizes="(min-width: 800px) 768px, 92vw"
          priority
          className="aspect-video h-auto w-full rounded-xl object-cover shadow-sm"
        />
        <h1 className="mt-6 text-3xl font-extrabold leading-tight text-brand-900 sm:text-4xl">{blog.title}</h1>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
          <time dateTime={blog.date}>{formatBlogDate(blog.date, locale)}</time>
          <span>{t.rich('by', { name: blog.writerName, writer: (chunks) => <span className="font-semibold text-slate-900">{chunks}</span> })}</span>
        </p>
        <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-800">
          {paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </article>
    </div>
  );
}
