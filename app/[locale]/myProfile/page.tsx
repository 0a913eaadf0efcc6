import type { Metadata } from 'next';
import { ProfileCard } from '@/components/account/profile-card';
import { ProfileEditor } from '@/components/account/profile-editor';
import { SignOutEverywhere } from '@/components/account/sign-out-everywhere';
import { requireUserPage } from '@/server/guards';

export const metadata: Metadata = { title: 'My Profile', robots: { index: false } };

export default async function MyProfilePage() {
  const user = await requireUserPage('/myProfile');
  const details = { education: user.education ?? '', location: user.location ?? '', phone: user.phone ?? '' };
  return (
    <div className="container-page py-10">
      <h1 className="mb-6 text-3xl font-bold text-brand-900">My Profile</h1>
      <ProfileCard user={user} action={<ProfileEditor name={user.name} email={user.email} details={details} hasImage={Boolean(user.image)} />} />
      <SignOutEverywhere />
    </div>
  );
}
