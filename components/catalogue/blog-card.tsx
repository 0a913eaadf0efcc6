import { translated } from '@/lib/translated-content';
import type { ItemText, Translations } from '@/lib/translated-content';
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { AdminCardActions } from '@/components/admin/admin-card-actions';
import { formatBlogDate } from '@/lib/format';
import { routes } from '@/lib/routes';
import { OptimizedImage } from '@/components/ui/optimized-image';

export type BlogCardData = {
  id: string;
  title: string;
  img: string;
  date: string;
  writerName: string;
  /** The first 255 characters of the description. */
  excerpt: string;
  /** The translated title and excerpt (lib/translated-content.ts). */
  translations?: Translations<ItemText>;
  /** Whether the description goes on past the excerpt. */
  hasMore: boolean;
};

/** A blog post in the list (docs/product.md §2): image, title, excerpt, Read More ... only when cut, writer and date. */
export async function BlogCard({ blog, priority = false }: { blog: BlogCardData; priority?: boolean }) {
  const [t, locale] = await Promise.all([getTranslations('blogCard'), getLocale()]);
  const title = translated(blog.title, blog.translations, 'title', locale);
  const summary = translated(blog.excerpt, blog.translations, 'description', locale);
  return (
    <article className="relative flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <OptimizedImage
        src={blog.img}
        alt=""
        width={800}
        height={450}
        sizes="(min-width: 1280px) 600px, (min-width: 768px) 48vw, 100vw"
        priority={priority}
        className="aspect-video h-auto w-full object-cover"
      />
      <AdminCardActions kind="blog" id={blog.id} name={title} editHref={`/updateBlog/${blog.id}`} className="absolute right-2 top-2 z-10" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="text-xl font-bold leading-snug text-brand-900">{title}</h2>
        <p className="text-slate-700">{summary}</p>
        {blog.hasMore ? (
          <p>
            <Link href={routes.blog(blog.id)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              {t.rich('readMore', { title, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
            </Link>
          </p>
        ) : null}
        <p className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm text-slate-700">
          <span className="font-semibold text-slate-800">{blog.writerName}</span>
          <time dateTime={blog.date}>{formatBlogDate(blog.date, locale)}</time>
        </p>
      </div>
    </article>
  );
}
