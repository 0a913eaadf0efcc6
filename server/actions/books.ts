'use server';

import type { Result } from '@/lib/result';
import { asPermittedAction, invalidInput, objectIdOrNull } from '@/server/catalogue/admin/admin-action';
import { createBook, deleteBook, updateBook } from '@/server/catalogue/admin/books';

// The Add Book and Update Book forms and the book cards' delete icon. The domain operations parse
// the form's values (lib/schemas/book.ts); their refusal comes back as the form's field errors.
// The book file itself is sent afterwards to POST /api/uploads/book-file (a server action cannot
// stream 200 MB).

const GONE = 'thisBookNoLongerExists';

export async function addBookAction(input: unknown): Promise<Result<{ id: string }>> {
  return asPermittedAction(
    'manageCatalogue',
    async (admin) => {
      const created = await createBook(admin, input, 'form');
      return { ok: true, data: { id: created.id } };
    },
    invalidInput,
  );
}

export async function updateBookAction(id: unknown, input: unknown): Promise<Result> {
  return asPermittedAction(
    'manageCatalogue',
    async (admin) => {
      const bookId = objectIdOrNull(id);
      if (!bookId) return { ok: false, message: GONE };
      if (!(await updateBook(admin, bookId, input, 'form'))) return { ok: false, message: GONE };
      return { ok: true, data: undefined };
    },
    invalidInput,
  );
}

export async function deleteBookAction(id: unknown): Promise<Result> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const bookId = objectIdOrNull(id);
    if (!bookId || !(await deleteBook(admin, bookId))) return { ok: false, message: GONE };
    return { ok: true, data: undefined };
  });
}
