'use server';

import type { Result } from '@/lib/result';
import { blogSchema } from '@/lib/schemas/blog';
import { asPermittedAction, invalidInput, objectIdOrNull } from '@/server/catalogue/admin/admin-action';
import { createBlog, deleteBlog, updateBlog } from '@/server/catalogue/admin/blogs';

// The Add Blog and Update Blog forms and the blog cards' delete icon.

const GONE = 'This blog post no longer exists.';

export async function addBlogAction(input: unknown): Promise<Result<{ id: string }>> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const parsed = blogSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    const created = await createBlog(admin, parsed.data);
    return { ok: true, data: { id: created.id } };
  });
}

export async function updateBlogAction(id: unknown, input: unknown): Promise<Result> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const blogId = objectIdOrNull(id);
    if (!blogId) return { ok: false, message: GONE };
    const parsed = blogSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    if (!(await updateBlog(admin, blogId, parsed.data))) return { ok: false, message: GONE };
    return { ok: true, data: undefined };
  });
}

export async function deleteBlogAction(id: unknown): Promise<Result> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const blogId = objectIdOrNull(id);
    if (!blogId || !(await deleteBlog(admin, blogId))) return { ok: false, message: GONE };
    return { ok: true, data: undefined };
  });
}
