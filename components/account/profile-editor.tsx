'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useSession } from '@/components/layout/session-provider';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { updateProfileAction } from '@/server/actions/profile';
import { PROFILE_IMAGE_TYPES } from '@/lib/media';
import type { Result } from '@/lib/result';
import { PROFILE_LIMITS, profileFormSchema } from '@/lib/schemas/profile';
import type { ProfileFormInput, ProfileFormValues } from '@/lib/schemas/profile';
import { uploadImage } from '@/components/media/upload-image';
import { CloseIcon } from '@/components/ui/icons';
import { SuccessPopup } from '@/components/ui/success-popup';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { useErrorText } from '@/i18n/use-error-text';

type Details = { education: string; location: string; phone: string };
/** `hasImage`: the account has a picture already, which the form keeps unless a new one is chosen. */
type Props = { name: string; email: string | null; details: Details; hasImage: boolean };

const PencilIcon = () => (
  <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </svg>
);

/** The edit icon on My Profile and the Update Your Profile modal it opens (docs/product.md §2, §4, §5). */
export function ProfileEditor({ name, email, details, hasImage }: Props) {
  const t = useTranslations('profile');
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  // A new key remounts the form: that is how it resets, file input included.
  const [formKey, setFormKey] = useState(0);
  const [defaults, setDefaults] = useState(details);
  const [pictureSet, setPictureSet] = useState(hasImage);
  const hidePopup = useCallback(() => setSaved(false), []);

  function close() {
    setOpen(false);
    setFormKey((key) => key + 1);
  }

  return (
    <>
      <button
        type="button"
        className="flex h-10 w-10 items-center justify-center rounded-full border border-brand-600 text-brand-700 hover:bg-brand-50"
        aria-label={t('edit')}
        title={t('edit')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <PencilIcon />
      </button>
      <ProfileDialog open={open} onClose={close}>
        <ProfileForm
          key={formKey}
          name={name}
          email={email}
          defaults={defaults}
          hasImage={pictureSet}
          onCancel={close}
          onSaved={(values) => {
            setDefaults(values);
            setPictureSet(true);
            close();
            setSaved(true);
          }}
        />
      </ProfileDialog>
      {saved && <SuccessPopup message={t('saved')} onDone={hidePopup} />}
    </>
  );
}

const TITLE_ID = 'update-profile-title';

/** A modal on the native <dialog>: focus stays inside, Escape closes it. */
function ProfileDialog({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const t = useTranslations('profile');
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={TITLE_ID}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100%-2rem))] overflow-y-auto rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/50"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
        <h2 id={TITLE_ID} className="text-xl font-bold text-brand-900">{t('dialogTitle')}</h2>
        <button type="button" className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={t('close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {open && children}
    </dialog>
  );
}

type FormProps = {
  name: string;
  email: string | null;
  defaults: Details;
  hasImage: boolean;
  onCancel: () => void;
  onSaved: (values: Details) => void;
};

/** The editable details; each field's name is also its label's key in the `profile` messages. */
const FIELDS = [
  { name: 'education', autoComplete: 'off', max: PROFILE_LIMITS.educationMax, type: 'text' },
  { name: 'location', autoComplete: 'address-level2', max: PROFILE_LIMITS.locationMax, type: 'text' },
  { name: 'phone', autoComplete: 'tel', max: PROFILE_LIMITS.phoneMax, type: 'tel' },
] as const;

function ProfileForm({ name, email, defaults, hasImage, onCancel, onSaved }: FormProps) {
  const t = useTranslations('profile');
  const errorText = useErrorText();
  const { update, status } = useSession();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema({ hasImage })),
    defaultValues: { ...defaults, image: undefined },
  });
  const { errors, isSubmitting } = form.formState;
  const errorOf = (field: (typeof FIELDS)[number]['name'] | 'image') => {
    const message = errors[field]?.message;
    return message && errorText(message);
  };

  // docs/product.md §4: upload the image, then save the profile, then refresh the session's picture. With no
  // new file chosen the current picture stays (the schema has already asked for one if there is none).
  async function save({ image, ...details }: ProfileFormValues) {
    setError(null);
    const file = image?.[0];
    let uploadedUrl: string | undefined;
    if (file instanceof File) {
      const upload = await uploadImage(file);
      if (!upload.ok) return form.setError('image', { message: upload.message });
      uploadedUrl = upload.url;
    }

    let result: Result;
    try {
      result = await updateProfileAction(uploadedUrl === undefined ? details : { ...details, image: uploadedUrl });
    } catch {
      return setError(t('saveFailed'));
    }
    if (!result.ok) {
      for (const field of ['education', 'location', 'phone', 'image'] as const) {
        const message = result.fieldErrors?.[field]?.[0];
        if (message) form.setError(field, { message });
      }
      return setError(errorText(result.message));
    }
    // With a body, update() POSTs and the session token re-reads the picture from the database
    // at once; a bare update() only re-reads the token as it is.
    await update({});
    router.refresh();
    onSaved(details);
  }

  return (
    <HydratedForm noValidate onSubmit={form.handleSubmit(save)} className="space-y-4 px-6 py-5" aria-busy={isSubmitting}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="profile-name" className="mb-1 block text-sm font-medium">{t('name')}</label>
          <input id="profile-name" className="input-field bg-slate-100 text-slate-700" value={name} readOnly aria-readonly />
        </div>
        {email && (
          <div>
            <label htmlFor="profile-email" className="mb-1 block text-sm font-medium">{t('email')}</label>
            <input id="profile-email" type="email" className="input-field bg-slate-100 text-slate-700" value={email} readOnly aria-readonly />
          </div>
        )}
      </div>
      {FIELDS.map((field) => (
        <div key={field.name}>
          <label htmlFor={`profile-${field.name}`} className="mb-1 block text-sm font-medium">{t(field.name)}</label>
          <input
            id={`profile-${field.name}`}
            type={field.type}
            autoComplete={field.autoComplete}
            maxLength={field.max}
            className="input-field"
            aria-invalid={Boolean(errors[field.name])}
            aria-describedby={`profile-${field.name}-error`}
            {...form.register(field.name)}
          />
          <p id={`profile-${field.name}-error`} className="field-error">{errorOf(field.name)}</p>
        </div>
      ))}
      <div>
        <label htmlFor="profile-image" className="mb-1 block text-sm font-medium">{t('image')}</label>
        <input
          id="profile-image"
          type="file"
          accept={PROFILE_IMAGE_TYPES.join(',')}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          aria-invalid={Boolean(errors.image)}
          aria-describedby={hasImage ? 'profile-image-hint profile-image-error' : 'profile-image-error'}
          {...form.register('image')}
        />
        {hasImage ? (
          <p id="profile-image-hint" className="mt-1 text-sm text-slate-600">
            {t('keepImage')}
          </p>
        ) : null}
        <p id="profile-image-error" className="field-error">{errorOf('image')}</p>
      </div>
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
      <div className="flex justify-end gap-3 pt-2">
        <button type="button" className="btn border border-slate-300 text-slate-800 hover:bg-slate-50" onClick={onCancel} disabled={isSubmitting}>
          {t('cancel')}
        </button>
        {/* While the session is still loading, update() would be skipped and the header would keep the old picture. */}
        <button type="submit" className="btn-primary" disabled={isSubmitting || status === 'loading'}>
          {isSubmitting ? t('saving') : t('update')}
        </button>
      </div>
    </HydratedForm>
  );
}
