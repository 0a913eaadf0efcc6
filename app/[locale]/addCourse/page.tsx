import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { CourseAddForm } from '@/components/admin/course-add-form';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { requirePermissionPage } from '@/server/accounts/guards';
import { listInstructorChoices } from '@/server/catalogue/instructors';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('courseForm');
  return { title: t('add'), robots: { index: false } };
}

export default async function AddCoursePage() {
  await requirePermissionPage('manageCatalogue', '/addCourse');
  const [t, instructors] = await Promise.all([getTranslations('courseForm'), listInstructorChoices()]);
  return (
    <AdminFormPage title={t('add')} note={t('addNote')}>
      <WithClientMessages namespaces={['courseForm', 'adminForms', 'languages', 'errors']}>
        <CourseAddForm instructors={instructors} />
      </WithClientMessages>
    </AdminFormPage>
  );
}
