import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { InstructorForm } from '@/components/admin/instructor-form';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { requirePermissionPage } from '@/server/accounts/guards';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructorForm');
  return { title: t('add'), robots: { index: false } };
}

export default async function AddInstructorPage() {
  await requirePermissionPage('manageCatalogue', '/addInstructor');
  const t = await getTranslations('instructorForm');
  const shared = await getTranslations('adminForms');
  return (
    <AdminFormPage title={t('add')} note={shared('everyFieldRequired')}>
      <WithClientMessages namespaces={['instructorForm', 'adminForms', 'languages', 'errors']}>
        <InstructorForm mode="add" />
      </WithClientMessages>
    </AdminFormPage>
  );
}
