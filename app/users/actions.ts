'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { emailField } from '@/lib/schemas/auth';
import type { Result } from '@/lib/result';
import { TOO_MANY_CHANGES } from '@/server/catalogue-admin/admin-action';
import { parseObjectId } from '@/server/db';
import { requireAdmin } from '@/server/guards';
import { HttpError } from '@/server/http';
import { promoteToAdmin, removeUser } from '@/server/user-admin';
import type { User } from '@/server/users';

const objectIdSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid id');

async function asAdmin<T>(run: (admin: User) => Promise<Result<T>>, failure: string): Promise<Result<T>> {
  try {
    const admin = await requireAdmin();
    return await run(admin);
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, message: error.status === 429 ? TOO_MANY_CHANGES : failure };
    throw error;
  }
}

export async function makeAdminAction(email: unknown): Promise<Result> {
  return asAdmin(async (admin) => {
    const parsed = emailField.safeParse(email);
    if (!parsed.success || (await promoteToAdmin(admin, parsed.data)).matchedCount === 0) return { ok: false, message: 'Failed to make an admin.' };
    revalidatePath('/users');
    return { ok: true, data: undefined };
  }, 'Failed to make an admin.');
}

export async function deleteUserAction(id: unknown): Promise<Result> {
  return asAdmin(async (admin) => {
    const parsed = objectIdSchema.safeParse(id);
    const objectId = parsed.success ? parseObjectId(parsed.data) : null;
    if (!objectId) return { ok: false, message: 'Invalid user id.' };
    const outcome = await removeUser(admin, objectId);
    if (outcome === 'self') return { ok: false, message: 'You cannot delete your own account.' };
    if (outcome.deletedCount === 0) return { ok: false, message: 'That user no longer exists.' };
    revalidatePath('/users');
    return { ok: true, data: undefined };
  }, 'You are not allowed to delete users.');
}
