import { coded, composedCode } from '@/lib/coded-message';
import { z } from 'zod';
import { IMAGE_UPLOAD_MAX_BYTES, PROFILE_IMAGE_TYPES, isAcceptedImageType } from '@/lib/media';

// The Update Your Profile form (docs/product.md §5: education, location, phone and a png, jpeg or jpg image
// are required; name and email are fixed). An account that already has a picture keeps it unless
// a new one is chosen, so the image is required only while there is none. The modal validates the
// chosen file; the server validates the uploaded image's address and re-checks the file it points to.

export const PROFILE_LIMITS = {
  educationMax: 120,
  locationMax: 120,
  phoneMax: 20,
} as const;

const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,}$/;

function requiredText(label: string, max: number) {
  return z
    .string({ error: composedCode(`${label} is required`) })
    .trim()
    .min(1, { error: composedCode(`${label} is required`), abort: true })
    .max(max, composedCode(`${label} must be at most ${max} characters`));
}

const details = {
  education: requiredText('Education', PROFILE_LIMITS.educationMax),
  location: requiredText('Location', PROFILE_LIMITS.locationMax),
  phone: requiredText('Phone', PROFILE_LIMITS.phoneMax).regex(PHONE_PATTERN, coded('provideAValidPhoneNumber')),
};

export const PROFILE_IMAGE_MESSAGES = {
  required: coded('imageIsRequired'),
  type: coded('imageMustBeAPngJpegOrJpgFile'),
  size: coded('imageMustBeAtMost5Mb'),
  upload: coded('uploadTheImageAgain'),
} as const;

/**
 * What the server stores: the image is one of our uploaded images, `/media/<id>`; left out, the
 * account's current picture stays (the server refuses that when it has none).
 */
export const profileSchema = z.strictObject({
  ...details,
  image: z.string({ error: PROFILE_IMAGE_MESSAGES.required }).regex(/^\/media\/[0-9a-f]{24}$/, PROFILE_IMAGE_MESSAGES.upload).optional(),
});

type FileLike = { type: string; size: number };

function isFileList(value: unknown): value is ArrayLike<FileLike> {
  return typeof value === 'object' && value !== null && 'length' in value && typeof value.length === 'number';
}

/** The picture chosen in the file input (a FileList in the browser), if any. */
const chosenFile = (files: ArrayLike<FileLike> | undefined): FileLike | undefined => (files && files.length > 0 ? files[0] : undefined);

/**
 * The file input's value: at most the one chosen picture, of a type the server accepts for a
 * profile (the same list, lib/media.ts). `required`: a picture must be chosen.
 */
function imageFilesField(required: boolean) {
  return z
    .custom<ArrayLike<FileLike> | undefined>((value) => value === undefined || isFileList(value), { error: PROFILE_IMAGE_MESSAGES.required })
    .refine((files) => !required || chosenFile(files) !== undefined, { error: PROFILE_IMAGE_MESSAGES.required, abort: true })
    .refine(
      (files) => {
        const file = chosenFile(files);
        return file === undefined || isAcceptedImageType(file.type, PROFILE_IMAGE_TYPES);
      },
      { error: PROFILE_IMAGE_MESSAGES.type, abort: true },
    )
    .refine((files) => (chosenFile(files)?.size ?? 0) <= IMAGE_UPLOAD_MAX_BYTES, PROFILE_IMAGE_MESSAGES.size);
}

/**
 * The modal's form, checked in the browser before anything is uploaded. `hasImage`: the account
 * already has a picture, which is kept when no new file is chosen.
 */
export function profileFormSchema({ hasImage }: { hasImage: boolean }) {
  return z.object({ ...details, image: imageFilesField(!hasImage) });
}
export type ProfileFormInput = z.input<ReturnType<typeof profileFormSchema>>;
export type ProfileFormValues = z.output<ReturnType<typeof profileFormSchema>>;
