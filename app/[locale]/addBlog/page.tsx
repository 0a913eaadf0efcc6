import type { Metadata } from 'next';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { BlogForm } from '@/components/admin/blog-form';
import { requireAdminPage } from '@/server/guards';

export const metadata: Metadata = { title: 'Add Blog', robots: { index: false } };

export default async function AddBlogPage() {
  await requireAdminPage('/addBlog');
  return (
    <AdminFormPage title="Add Blog" note="Every field is required.">
      <BlogForm mode="add" />
    </AdminFormPage>
  );
}
