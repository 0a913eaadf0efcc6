'use server';

import type { Result } from '@/lib/result';
import { asPermittedAction, invalidInput, objectIdOrNull } from '@/server/catalogue/admin/admin-action';
import { createInstructor, deleteInstructor, updateInstructor } from '@/server/catalogue/admin/instructors';

// The Add Instructor and Update Instructor forms and the instructor cards' delete icon. The domain
// operations parse the form's values (lib/schemas/instructor.ts); their refusal comes back as the
// form's field errors.

const GONE = 'thisInstructorNoLongerExists';

export async function addInstructorAction(input: unknown): Promise<Result<{ id: string }>> {
  return asPermittedAction(
    'manageCatalogue',
    async (admin) => {
      const created = await createInstructor(admin, input);
      return { ok: true, data: { id: created.id } };
    },
    invalidInput,
  );
}

export async function updateInstructorAction(id: unknown, input: unknown): Promise<Result> {
  return asPermittedAction(
    'manageCatalogue',
    async (admin) => {
      const instructorId = objectIdOrNull(id);
      if (!instructorId) return { ok: false, message: GONE };
      if (!(await updateInstructor(admin, instructorId, input))) return { ok: false, message: GONE };
      return { ok: true, data: undefined };
    },
    invalidInput,
  );
}

export async function deleteInstructorAction(id: unknown): Promise<Result> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const instructorId = objectIdOrNull(id);
    if (!instructorId || !(await deleteInstructor(admin, instructorId))) return { ok: false, message: GONE };
    return { ok: true, data: undefined };
  });
}
