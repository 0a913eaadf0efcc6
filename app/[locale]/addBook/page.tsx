import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { BookAddForm } from '@/components/admin/book-add-form';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { requirePermissionPage } from '@/server/accounts/guards';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('bookForm');
  return { title: t('add'), robots: { index: false } };
}

export default async function AddBookPage() {
  await requirePermissionPage('manageCatalogue', '/addBook');
  const t = await getTranslations('bookForm');
  return (
    <AdminFormPage title={t('add')} note={t('addNote')}>
      <WithClientMessages namespaces={['bookForm', 'adminForms', 'languages', 'errors']}>
        <BookAddForm />
      </WithClientMessages>
    </AdminFormPage>
  );
}
