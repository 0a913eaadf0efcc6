import { redirectInLocale } from '@/i18n/server-redirect';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { InstructorForm } from '@/components/admin/instructor-form';
import { requireAdminPage } from '@/server/guards';
import { getInstructor } from '@/server/instructors';

export const metadata: Metadata = { title: 'Update Instructor', robots: { index: false } };

// /{subject}/newAdd/{id} (spec §2). Next allows one name per dynamic segment, and the course
// pages already call the first one classCourse; here it holds the instructor's subject.
type Props = { params: Promise<{ classCourse: string; id: string }> };

export default async function UpdateInstructorPage({ params }: Props) {
  const { classCourse: subject, id } = await params;
  await requireAdminPage(`/${subject}/newAdd/${id}`);
  const instructor = await getInstructor(id);
  if (!instructor) notFound();
  if (subject !== instructor.Subject) return redirectInLocale(`/${instructor.Subject}/newAdd/${instructor.id}`);
  return (
    <AdminFormPage title="Update Instructor" note={`${instructor.name} · ${instructor.Subject}`}>
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
        }}
      />
    </AdminFormPage>
  );
}
