import type { Metadata } from 'next';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { BookAddForm } from '@/components/admin/book-add-form';
import { requireAdminPage } from '@/server/guards';

export const metadata: Metadata = { title: 'Add Book', robots: { index: false } };

export default async function AddBookPage() {
  await requireAdminPage('/addBook');
  return (
    <AdminFormPage title="Add Book" note="All fields are required except writers 2 to 4 and the book file.">
      <BookAddForm />
    </AdminFormPage>
  );
}
