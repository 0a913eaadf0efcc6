import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { User } from '@/server/accounts/users';
import { UserIcon } from '@/components/ui/icons';
import { displayedPhoneNumber } from '@/lib/phone-number';

/** The profile as stored; `action` (the edit button) sits in the card's top corner. */
export async function ProfileCard({ user, action }: { user: User; action?: ReactNode }) {
  const t = await getTranslations('profile');
  const rows: [string, string | null][] = [
    [t('name'), user.name],
    // An account made with a mobile number shows the number it signs in with instead of an e-mail.
    ...(user.email || !user.mobileNumber ? [[t('email'), user.email] as [string, string | null]] : []),
    ...(user.mobileNumber ? [[t('mobileNumber'), displayedPhoneNumber(user.mobileNumber)] as [string, string]] : []),
    [t('education'), user.education],
    [t('location'), user.location],
    [t('phone'), user.phone],
  ];
  return (
    <section className="relative flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-start">
      {action && <div className="absolute right-4 top-4">{action}</div>}
      <div className="flex h-32 w-32 shrink-0 items-center justify-center overflow-hidden rounded-full border-4 border-brand-100 bg-brand-50 text-brand-700">
        {user.image ? (
          // eslint-disable-next-line @next/next/no-img-element -- avatars may be remote (Google)
          <img src={user.image} alt={t('avatarAlt', { name: user.name })} width={128} height={128} className="h-full w-full object-cover" />
        ) : (
          <UserIcon width={56} height={56} />
        )}
      </div>
      <dl className="grid flex-1 gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-700">{label}</dt>
            <dd className={value ? 'text-slate-900' : 'italic text-slate-600'}>{value || t('notUpdated')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
