import { editableTranslations } from '@/lib/translated-content';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { notFound } from 'next/navigation';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { BookUpdateForm } from '@/components/admin/book-update-form';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { routes } from '@/lib/routes';
import { findBookFile } from '@/server/catalogue/book-files';
import { getBook } from '@/server/catalogue/books';
import { parseObjectId } from '@/server/platform/db';
import { requirePermissionPage } from '@/server/accounts/guards';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('bookForm');
  return { title: t('update'), robots: { index: false } };
}

type Props = { params: Promise<{ id: string }> };

export default async function UpdateBookPage({ params }: Props) {
  const { id } = await params;
  await requirePermissionPage('manageCatalogue', `/updateBook/${id}`);
  const objectId = parseObjectId(id);
  const [book, file] = objectId ? await Promise.all([getBook(id), findBookFile(objectId)]) : [null, null];
  if (!book) notFound();
  const [writer] = book.writers;
  const t = await getTranslations('bookForm');
  const shared = await getTranslations('adminForms');
  return (
    <AdminFormPage title={t('update')} note={<Link className="font-semibold text-brand-700 hover:underline" href={routes.book(book.id)}>{shared('view', { title: book.bookName })}</Link>}>
      <WithClientMessages namespaces={['bookForm', 'adminForms', 'languages', 'errors']}>
        <BookUpdateForm
          id={book.id}
          hasFile={file !== null}
          initial={{
            bookName: book.bookName,
            img: book.img,
            about: book.about,
            writerName1: writer?.name ?? '',
            writerImg: writer?.img ?? '',
            page: book.page,
            formate: book.formate,
            price: book.price,
            // In taka as typed; none when the book has no taka price yet (the form then asks for one).
            ...(book.pricePaisa === undefined ? {} : { priceBdt: book.pricePaisa / 100 }),
            translations: editableTranslations(book.translations),
          }}
        />
      </WithClientMessages>
    </AdminFormPage>
  );
}
