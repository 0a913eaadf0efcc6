import type { Metadata } from 'next';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { CourseAddForm } from '@/components/admin/course-add-form';
import { requireAdminPage } from '@/server/guards';

export const metadata: Metadata = { title: 'Add Course', robots: { index: false } };

export default async function AddCoursePage() {
  await requireAdminPage('/addCourse');
  return (
    <AdminFormPage title="Add Course" note="Every field is required. New courses start with 25 enrolled, 10 transcripts, the promo code and the standard objectives and syllabus.">
      <CourseAddForm />
    </AdminFormPage>
  );
}
