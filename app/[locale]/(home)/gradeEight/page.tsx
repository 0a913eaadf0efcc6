import type { Metadata } from 'next';
import { pageMetadata } from '@/app/_catalogue/seo';
import { GRADE_GROUPS, GradeGroupProgrammes, gradeGroupMetadataText } from '@/components/home/live-programmes';
import { WELCOME_BANNER } from '@/lib/home-content';

const group = GRADE_GROUPS.gradeEight;

export async function generateMetadata(): Promise<Metadata> {
  const { title, description } = await gradeGroupMetadataText(group);
  return pageMetadata({ title, description, path: group.href, image: WELCOME_BANNER.img });
}

export default function GradeEightPage() {
  return <GradeGroupProgrammes group={group} />;
}
