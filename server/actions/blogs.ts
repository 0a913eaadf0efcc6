'use server';

import type { Result } from '@/lib/result';
import { asPermittedAction, invalidInput, objectIdOrNull } from '@/server/catalogue/admin/admin-action';
import { createBlog, deleteBlog, updateBlog } from '@/server/catalogue/admin/blogs';

// The Add Blog and Update Blog forms and the blog cards' delete icon. The domain operations parse
// the form's values (lib/schemas/blog.ts); their refusal comes back as the form's field errors.

const GONE = 'thisBlogPostNoLongerExists';

export async function addBlogAction(input: unknown): Promise<Result<{ id: string }>> {
  return asPermittedAction(
    'manageCatalogue',
    async (admin) => {
      const created = await createBlog(admin, input);
      return { ok: true, data: { id: created.id } };
    },
    invalidInput,
  );
}

export async function updateBlogAction(id: unknown, input: unknown): Promise<Result> {
  return asPermittedAction(
    'manageCatalogue',
    async (admin) => {
      const blogId = objectIdOrNull(id);
      if (!blogId) return { ok: false, message: GONE };
      if (!(await updateBlog(admin, blogId, input))) return { ok: false, message: GONE };
      return { ok: true, data: undefined };
    },
    invalidInput,
  );
}

export async function deleteBlogAction(id: unknown): Promise<Result> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const blogId = objectIdOrNull(id);
    if (!blogId || !(await deleteBlog(admin, blogId))) return { ok: false, message: GONE };
    return { ok: true, data: undefined };
  });
}
