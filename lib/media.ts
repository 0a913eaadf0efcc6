// Image upload limits shared by the upload forms (checked in the browser first) and the server.

/** The largest image file accepted by `POST /api/uploads/image`. */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Types the upload endpoint accepts, recognised by their first bytes. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Spec §5: a profile picture is a png, jpeg or jpg file. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const satisfies readonly ImageType[];

export const IMAGE_UPLOAD_URL = '/api/uploads/image';
