import type { Metadata } from 'next';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { InstructorForm } from '@/components/admin/instructor-form';
import { requireAdminPage } from '@/server/guards';

export const metadata: Metadata = { title: 'Add Instructor', robots: { index: false } };

export default async function AddInstructorPage() {
  await requireAdminPage('/addInstructor');
  return (
    <AdminFormPage title="Add Instructor" note="Every field is required.">
      <InstructorForm mode="add" />
    </AdminFormPage>
  );
}
