import type { Metadata } from 'next';
import { pageMetadata } from '@/app/_catalogue/seo';
import { GRADE_GROUPS, GradeGroupProgrammes } from '@/components/home/live-programmes';
import { WELCOME_BANNER } from '@/lib/home-content';

const group = GRADE_GROUPS.gradeEight;

export const metadata: Metadata = pageMetadata({
  title: group.title,
  description: `${WELCOME_BANNER.text} ${group.title}: ${group.sizes.map((size) => `Live ${size}-on-${size}`).join(', ')}.`,
  path: group.href,
  image: WELCOME_BANNER.img,
});

export default function GradeEightPage() {
  return <GradeGroupProgrammes group={group} />;
}
