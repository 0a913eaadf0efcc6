import { z } from 'zod';
import { IMAGE_UPLOAD_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@/lib/media';

// The Update Your Profile form (spec §5: education, location, phone and a png, jpeg or jpg image
// are required; name and email are fixed). The modal validates the chosen file; the server
// validates the uploaded image's address and re-checks the file it points to.

export const PROFILE_LIMITS = {
  educationMax: 120,
  locationMax: 120,
  phoneMax: 20,
} as const;

const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,}$/;

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, `${label} must be at most ${max} characters`);
}

const details = {
  education: requiredText('Education', PROFILE_LIMITS.educationMax),
  location: requiredText('Location', PROFILE_LIMITS.locationMax),
  phone: requiredText('Phone', PROFILE_LIMITS.phoneMax).regex(PHONE_PATTERN, 'Provide a valid phone number'),
};

export const PROFILE_IMAGE_MESSAGES = {
  required: 'Image is required',
  type: 'Image must be a png, jpeg or jpg file',
  size: 'Image must be at most 5 MB',
  upload: 'Upload the image again',
} as const;

/** What the server stores: the image is one of our uploaded images, `/media/<id>`. */
export const profileSchema = z.strictObject({
  ...details,
  image: z.string({ error: PROFILE_IMAGE_MESSAGES.required }).regex(/^\/media\/[0-9a-f]{24}$/, PROFILE_IMAGE_MESSAGES.upload),
});

type FileLike = { type: string; size: number };

function isFileList(value: unknown): value is ArrayLike<FileLike> {
  return typeof value === 'object' && value !== null && 'length' in value && typeof value.length === 'number';
}

const isProfileImageType = (type: string) => (PROFILE_IMAGE_TYPES as readonly string[]).includes(type);

/** The file input's value (a FileList in the browser): exactly the one chosen picture. */
const imageFilesField = z
  .custom<ArrayLike<FileLike>>(isFileList, { error: PROFILE_IMAGE_MESSAGES.required })
  .refine((files) => files.length > 0 && files[0] !== undefined, { error: PROFILE_IMAGE_MESSAGES.required, abort: true })
  .refine((files) => isProfileImageType(files[0]?.type ?? ''), { error: PROFILE_IMAGE_MESSAGES.type, abort: true })
  .refine((files) => (files[0]?.size ?? 0) <= IMAGE_UPLOAD_MAX_BYTES, PROFILE_IMAGE_MESSAGES.size);

/** The modal's form, checked in the browser before anything is uploaded. */
export const profileFormSchema = z.object({ ...details, image: imageFilesField });
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;
