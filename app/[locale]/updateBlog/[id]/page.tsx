import { editableTranslations } from '@/lib/translated-content';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { notFound } from 'next/navigation';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { BlogForm } from '@/components/admin/blog-form';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { routes } from '@/lib/routes';
import { getBlog } from '@/server/catalogue/blogs';
import { requirePermissionPage } from '@/server/accounts/guards';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('blogForm');
  return { title: t('update'), robots: { index: false } };
}

type Props = { params: Promise<{ id: string }> };

export default async function UpdateBlogPage({ params }: Props) {
  const { id } = await params;
  await requirePermissionPage('manageCatalogue', `/updateBlog/${id}`);
  const blog = await getBlog(id);
  if (!blog) notFound();
  const t = await getTranslations('blogForm');
  const shared = await getTranslations('adminForms');
  return (
    <AdminFormPage title={t('update')} note={<Link className="font-semibold text-brand-700 hover:underline" href={routes.blog(blog.id)}>{shared('view', { title: blog.title })}</Link>}>
      <WithClientMessages namespaces={['blogForm', 'adminForms', 'languages', 'errors']}>
        <BlogForm
          mode="update"
          id={blog.id}
          initial={{ title: blog.title, img: blog.img, writerName: blog.writerName, date: blog.date, description: blog.description, translations: editableTranslations(blog.translations) }}
        />
      </WithClientMessages>
    </AdminFormPage>
  );
}
