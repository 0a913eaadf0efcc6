import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { BlogForm } from '@/components/admin/blog-form';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { requirePermissionPage } from '@/server/accounts/guards';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('blogForm');
  return { title: t('add'), robots: { index: false } };
}

export default async function AddBlogPage() {
  await requirePermissionPage('manageCatalogue', '/addBlog');
  const t = await getTranslations('blogForm');
  const shared = await getTranslations('adminForms');
  return (
    <AdminFormPage title={t('add')} note={shared('everyFieldRequired')}>
      <WithClientMessages namespaces={['blogForm', 'adminForms', 'languages', 'errors']}>
        <BlogForm mode="add" />
      </WithClientMessages>
    </AdminFormPage>
  );
}
