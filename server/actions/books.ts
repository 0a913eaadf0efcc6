'use server';

import type { Result } from '@/lib/result';
import { bookAddSchema, bookUpdateSchema } from '@/lib/schemas/book';
import { asPermittedAction, invalidInput, objectIdOrNull } from '@/server/catalogue/admin/admin-action';
import { createBook, deleteBook, updateBook } from '@/server/catalogue/admin/books';

// The Add Book and Update Book forms and the book cards' delete icon. The book file itself is
// sent afterwards to POST /api/uploads/book-file (a server action cannot stream 200 MB).

const GONE = 'This book no longer exists.';

export async function addBookAction(input: unknown): Promise<Result<{ id: string }>> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const parsed = bookAddSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    const created = await createBook(admin, parsed.data);
    return { ok: true, data: { id: created.id } };
  });
}

export async function updateBookAction(id: unknown, input: unknown): Promise<Result> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const bookId = objectIdOrNull(id);
    if (!bookId) return { ok: false, message: GONE };
    const parsed = bookUpdateSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    if (!(await updateBook(admin, bookId, parsed.data))) return { ok: false, message: GONE };
    return { ok: true, data: undefined };
  });
}

export async function deleteBookAction(id: unknown): Promise<Result> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const bookId = objectIdOrNull(id);
    if (!bookId || !(await deleteBook(admin, bookId))) return { ok: false, message: GONE };
    return { ok: true, data: undefined };
  });
}
