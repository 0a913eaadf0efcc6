import { IMAGE_TYPES, IMAGE_UPLOAD_MAX_BYTES, PROFILE_IMAGE_TYPES, imageTypeNames, isAcceptedImageType } from '@/lib/media';
import { profileFormSchema, profileSchema } from './profile';
import { englishText } from '@/server/platform/english-text';

// The modal's checks before anything is uploaded (docs/product.md §5: png, jpeg or jpg image required).
const details = { education: 'HSC, Dhaka College', location: 'Chattogram', phone: '01700000000' };
const files = (...list: { type: string; size: number }[]) => list;

function imageErrors(image: unknown, hasImage = false): string[] {
  const result = profileFormSchema({ hasImage }).safeParse({ ...details, image });
  return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === 'image').map((issue) => englishText(issue.message));
}

describe('profileFormSchema', () => {
  it('accepts a png or jpeg file', () => {
    expect(imageErrors(files({ type: 'image/png', size: 1000 }))).toEqual([]);
    expect(imageErrors(files({ type: 'image/jpeg', size: IMAGE_UPLOAD_MAX_BYTES }))).toEqual([]);
  });

  it('requires an image', () => {
    expect(imageErrors(undefined)).toEqual(['Image is required']);
    expect(imageErrors(files())).toEqual(['Image is required']);
  });

  it('refuses other types and files over 5 MB', () => {
    expect(imageErrors(files({ type: 'image/svg+xml', size: 100 }))).toEqual(['Image must be a png, jpeg or jpg file']);
    expect(imageErrors(files({ type: 'image/gif', size: 100 }))).toEqual(['Image must be a png, jpeg or jpg file']);
    expect(imageErrors(files({ type: 'image/png', size: IMAGE_UPLOAD_MAX_BYTES + 1 }))).toEqual(['Image must be at most 5 MB']);
  });

  it('keeps the current picture: with one already set, no file is needed, but a chosen one is still checked', () => {
    expect(imageErrors(files(), true)).toEqual([]);
    expect(imageErrors(undefined, true)).toEqual([]);
    expect(imageErrors(files({ type: 'image/jpeg', size: 1000 }), true)).toEqual([]);
    expect(imageErrors(files({ type: 'image/gif', size: 100 }), true)).toEqual(['Image must be a png, jpeg or jpg file']);
    expect(imageErrors(files({ type: 'image/png', size: IMAGE_UPLOAD_MAX_BYTES + 1 }), true)).toEqual(['Image must be at most 5 MB']);
    expect(imageErrors('not files', true)).toEqual(['Image is required']);
  });

  it('accepts exactly the types the server accepts for a profile picture (one list, lib/media.ts)', () => {
    for (const type of IMAGE_TYPES) {
      const accepted = (PROFILE_IMAGE_TYPES as readonly string[]).includes(type);
      expect([type, imageErrors(files({ type, size: 10 }))]).toEqual([type, accepted ? [] : ['Image must be a png, jpeg or jpg file']]);
      expect(isAcceptedImageType(type, PROFILE_IMAGE_TYPES)).toBe(accepted);
    }
  });

  it('requires education, location and a plausible phone number', () => {
    const result = profileFormSchema({ hasImage: false }).safeParse({ education: '', location: '', phone: '12ab', image: files({ type: 'image/png', size: 1 }) });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((issue) => `${String(issue.path[0])}: ${englishText(issue.message)}`);
    expect(messages).toEqual(['education: Education is required', 'location: Location is required', 'phone: Provide a valid phone number']);
  });
});

describe('profileSchema (server)', () => {
  it('takes only our own image addresses and no other fields', () => {
    expect(profileSchema.safeParse({ ...details, image: '/media/0123456789abcdef01234567' }).success).toBe(true);
    expect(profileSchema.safeParse({ ...details, image: 'javascript:alert(1)' }).success).toBe(false);
    expect(profileSchema.safeParse({ ...details, image: '/media/0123456789abcdef01234567', email: 'x@y.z' }).success).toBe(false);
  });

  it('may leave the picture out, to keep the current one', () => {
    expect(profileSchema.safeParse(details).success).toBe(true);
    expect(profileSchema.safeParse({ ...details, image: '' }).success).toBe(false);
  });
});

describe('image type names', () => {
  it('name every accepted upload type, and the profile types, in words', () => {
    expect(imageTypeNames()).toBe('PNG, JPEG, WebP or GIF');
    expect(imageTypeNames(PROFILE_IMAGE_TYPES)).toBe('PNG or JPEG');
    expect(IMAGE_TYPES.every((type) => isAcceptedImageType(type))).toBe(true);
    expect(isAcceptedImageType('image/svg+xml')).toBe(false);
  });
});
