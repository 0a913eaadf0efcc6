import type { Metadata } from 'next';
import { Link } from '@/i18n/navigation';
import { notFound } from 'next/navigation';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { BlogForm } from '@/components/admin/blog-form';
import { routes } from '@/lib/routes';
import { getBlog } from '@/server/blogs';
import { requireAdminPage } from '@/server/guards';

export const metadata: Metadata = { title: 'Update Blog', robots: { index: false } };

type Props = { params: Promise<{ id: string }> };

export default async function UpdateBlogPage({ params }: Props) {
  const { id } = await params;
  await requireAdminPage(`/updateBlog/${id}`);
  const blog = await getBlog(id);
  if (!blog) notFound();
  return (
    <AdminFormPage title="Update Blog" note={<Link className="font-semibold text-brand-700 hover:underline" href={routes.blog(blog.id)}>View “{blog.title}”</Link>}>
      <BlogForm
        mode="update"
        id={blog.id}
        initial={{ title: blog.title, img: blog.img, writerName: blog.writerName, date: blog.date, description: blog.description }}
      />
    </AdminFormPage>
  );
}
