import type { Metadata } from 'next';
import { ProfileCard } from '@/components/account/profile-card';
import { requireUserPage } from '@/server/guards';

export const metadata: Metadata = { title: 'My Profile', robots: { index: false } };

export default async function MyProfilePage() {
  const user = await requireUserPage('/myProfile');
  return (
    <div className="container-page py-10">
      <h1 className="mb-6 text-3xl font-bold text-brand-900">My Profile</h1>
      <ProfileCard user={user} />
    </div>
  );
}
