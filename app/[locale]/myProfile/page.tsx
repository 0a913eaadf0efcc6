import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ProfileCard } from '@/components/account/profile-card';
import { ProfileEditor } from '@/components/account/profile-editor';
import { SignInDetails } from '@/components/account/sign-in-details';
import { SignOutEverywhere } from '@/components/account/sign-out-everywhere';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { requireUserPage } from '@/server/accounts/guards';
import { smsAvailable } from '@/server/platform/sms';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('profile');
  return { title: t('title'), robots: { index: false } };
}

export default async function MyProfilePage() {
  const user = await requireUserPage('/myProfile');
  const t = await getTranslations('profile');
  const details = { education: user.education ?? '', location: user.location ?? '', phone: user.phone ?? '' };
  return (
    <div className="container-page py-10">
      <h1 className="mb-6 text-3xl font-bold text-brand-900">{t('title')}</h1>
      {/* The editor, the sign-in details and the sign-out button are client components: their texts and the messages their actions answer. */}
      <WithClientMessages namespaces={['profile', 'signInDetails', 'phoneSignIn', 'errors']}>
        <ProfileCard user={user} action={<ProfileEditor name={user.name} email={user.email} details={details} hasImage={Boolean(user.image)} />} />
        <SignInDetails email={user.email} mobileNumber={user.mobileNumber} hasPassword={user.hasPassword} smsAvailable={smsAvailable()} />
        <SignOutEverywhere />
      </WithClientMessages>
    </div>
  );
}
