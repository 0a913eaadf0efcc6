// Image upload limits shared by the upload forms (checked in the browser first) and the server.

/** The largest image file accepted by `POST /api/uploads/image`. */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Types the upload endpoint accepts, recognised by their first bytes. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** docs/product.md §5: a profile picture is a png, jpeg or jpg file. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const satisfies readonly ImageType[];

const TYPE_NAMES: Record<ImageType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP', 'image/gif': 'GIF' };

/**
 * The accepted types in words ("PNG, JPEG, WebP or GIF"), so the browser's and the server's
 * messages name exactly the types of the list above and cannot drift from it.
 */
export function imageTypeNames(types: readonly ImageType[] = IMAGE_TYPES): string {
  const names = types.map((type) => TYPE_NAMES[type]);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** Whether the browser's declared type of a chosen file is one of `types` (the server re-checks the bytes). */
export function isAcceptedImageType(type: string, types: readonly ImageType[] = IMAGE_TYPES): boolean {
  return (types as readonly string[]).includes(type);
}

export const IMAGE_UPLOAD_URL = '/api/uploads/image';
