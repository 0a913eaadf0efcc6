import { editableTranslations } from '@/lib/translated-content';
import { redirectInLocale } from '@/i18n/server-redirect';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { InstructorForm } from '@/components/admin/instructor-form';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { requirePermissionPage } from '@/server/accounts/guards';
import { getInstructor } from '@/server/catalogue/instructors';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructorForm');
  return { title: t('update'), robots: { index: false } };
}

// /{subject}/newAdd/{id} (docs/product.md §2). Next allows one name per dynamic segment, and the course
// pages already call the first one classCourse; here it holds the instructor's subject.
type Props = { params: Promise<{ classCourse: string; id: string }> };

export default async function UpdateInstructorPage({ params }: Props) {
  const { classCourse: subject, id } = await params;
  await requirePermissionPage('manageCatalogue', `/${subject}/newAdd/${id}`);
  const instructor = await getInstructor(id);
  if (!instructor) notFound();
  if (subject !== instructor.Subject) return redirectInLocale(`/${instructor.Subject}/newAdd/${instructor.id}`);
  const t = await getTranslations('instructorForm');
  const shared = await getTranslations('adminForms');
  return (
    <AdminFormPage title={t('update')} note={`${instructor.name} · ${shared(`subjects.${instructor.Subject}`)}`}>
      <WithClientMessages namespaces={['instructorForm', 'adminForms', 'languages', 'errors']}>
        <InstructorForm
          mode="update"
          id={instructor.id}
          initial={{
            Subject: instructor.Subject,
            name: instructor.name,
            img: instructor.img,
            education: instructor.education,
            facebook: instructor.facebook,
            twitter: instructor.twitter,
            instagram: instructor.instagram,
            linkedin: instructor.linkedin,
            translations: editableTranslations(instructor.translations),
          }}
        />
      </WithClientMessages>
    </AdminFormPage>
  );
}
