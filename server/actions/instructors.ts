'use server';

import type { Result } from '@/lib/result';
import { instructorSchema } from '@/lib/schemas/instructor';
import { asPermittedAction, invalidInput, objectIdOrNull } from '@/server/catalogue/admin/admin-action';
import { createInstructor, deleteInstructor, updateInstructor } from '@/server/catalogue/admin/instructors';

// The Add Instructor and Update Instructor forms and the instructor cards' delete icon.

const GONE = 'This instructor no longer exists.';

export async function addInstructorAction(input: unknown): Promise<Result<{ id: string }>> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const parsed = instructorSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    const created = await createInstructor(admin, parsed.data);
    return { ok: true, data: { id: created.id } };
  });
}

export async function updateInstructorAction(id: unknown, input: unknown): Promise<Result> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const instructorId = objectIdOrNull(id);
    if (!instructorId) return { ok: false, message: GONE };
    const parsed = instructorSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    if (!(await updateInstructor(admin, instructorId, parsed.data))) return { ok: false, message: GONE };
    return { ok: true, data: undefined };
  });
}

export async function deleteInstructorAction(id: unknown): Promise<Result> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const instructorId = objectIdOrNull(id);
    if (!instructorId || !(await deleteInstructor(admin, instructorId))) return { ok: false, message: GONE };
    return { ok: true, data: undefined };
  });
}
