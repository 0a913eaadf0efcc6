'use server';

import { revalidatePage } from '@/server/platform/revalidate-page';
import { emailField } from '@/lib/schemas/auth';
import type { Result } from '@/lib/result';
import { asPermittedAction, objectIdOrNull } from '@/server/catalogue/admin/admin-action';
import { promoteToAdmin, removeUser } from '@/server/accounts/user-admin';

export async function makeAdminAction(email: unknown): Promise<Result> {
  return asPermittedAction('manageUsers', async (admin) => {
    const parsed = emailField.safeParse(email);
    if (!parsed.success || (await promoteToAdmin(admin, parsed.data)).matchedCount === 0) return { ok: false, message: 'failedToMakeAnAdmin' };
    revalidatePage('/users');
    return { ok: true, data: undefined };
  });
}

export async function deleteUserAction(id: unknown): Promise<Result> {
  return asPermittedAction('manageUsers', async (admin) => {
    const objectId = objectIdOrNull(id);
    if (!objectId) return { ok: false, message: 'invalidUserId' };
    const outcome = await removeUser(admin, objectId);
    if (outcome === 'self') return { ok: false, message: 'youCannotDeleteYourOwnAccount' };
    if (outcome.deletedCount === 0) return { ok: false, message: 'thatUserNoLongerExists' };
    revalidatePage('/users');
    return { ok: true, data: undefined };
  });
}
