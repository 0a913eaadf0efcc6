'use server';

import type { CourseList } from '@/lib/catalogue';
import type { Result } from '@/lib/result';
import { asPermittedAction, invalidInput, objectIdOrNull } from '@/server/catalogue/admin/admin-action';
import { createCourse, deleteCourse, publishCourse, updateCourse } from '@/server/catalogue/admin/courses';

// The Add Course and Update Course forms, the Publish button and the course cards' delete icon.
// The domain operations parse the form's values (lib/schemas/course.ts); their refusal comes back
// as the form's field errors.

const GONE = 'thisCourseNoLongerExists';

export async function addCourseAction(input: unknown): Promise<Result<{ id: string; classCourse: CourseList }>> {
  return asPermittedAction(
    'manageCatalogue',
    async (admin) => {
      const created = await createCourse(admin, input, 'form');
      return { ok: true, data: { id: created.id, classCourse: created.classCourse } };
    },
    invalidInput,
  );
}

export async function updateCourseAction(id: unknown, input: unknown): Promise<Result<{ classCourse: CourseList }>> {
  return asPermittedAction(
    'manageCatalogue',
    async (admin) => {
      const courseId = objectIdOrNull(id);
      if (!courseId) return { ok: false, message: GONE };
      const changed = await updateCourse(admin, courseId, input, 'form');
      if (!changed) return { ok: false, message: GONE };
      return { ok: true, data: { classCourse: changed.classCourse } };
    },
    invalidInput,
  );
}

export async function publishCourseAction(id: unknown): Promise<Result<{ classCourse: CourseList }>> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const courseId = objectIdOrNull(id);
    const published = courseId && (await publishCourse(admin, courseId));
    if (!published) return { ok: false, message: GONE };
    return { ok: true, data: { classCourse: published.classCourse } };
  });
}

export async function deleteCourseAction(id: unknown): Promise<Result> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const courseId = objectIdOrNull(id);
    if (!courseId || !(await deleteCourse(admin, courseId))) return { ok: false, message: GONE };
    return { ok: true, data: undefined };
  });
}
