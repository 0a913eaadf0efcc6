'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { emailField } from '@/lib/schemas/auth';
import type { Result } from '@/lib/result';
import { requireAdmin } from '@/server/guards';
import { HttpError } from '@/server/http';
import { deleteUser, makeAdmin } from '@/server/users';

const objectIdSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid id');

async function asAdmin<T>(run: (adminId: string) => Promise<Result<T>>, failure: string): Promise<Result<T>> {
  try {
    const admin = await requireAdmin();
    return await run(admin.id);
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, message: failure };
    throw error;
  }
}

export async function makeAdminAction(email: unknown): Promise<Result> {
  return asAdmin(async () => {
    const parsed = emailField.safeParse(email);
    if (!parsed.success || !(await makeAdmin(parsed.data))) return { ok: false, message: 'Failed to make an admin.' };
    revalidatePath('/users');
    return { ok: true, data: undefined };
  }, 'Failed to make an admin.');
}

export async function deleteUserAction(id: unknown): Promise<Result> {
  return asAdmin(async (adminId) => {
    const parsed = objectIdSchema.safeParse(id);
    if (!parsed.success) return { ok: false, message: 'Invalid user id.' };
    const outcome = await deleteUser(parsed.data, adminId);
    if (outcome === 'self') return { ok: false, message: 'You cannot delete your own account.' };
    if (outcome === 'not-found') return { ok: false, message: 'That user no longer exists.' };
    revalidatePath('/users');
    return { ok: true, data: undefined };
  }, 'You are not allowed to delete users.');
}
