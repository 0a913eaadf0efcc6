import type { Metadata } from 'next';
import { SKILL_PAGES } from '@/lib/catalogue';
import { resolveList } from '../../_catalogue/list-route';
import { SkillList, skillMetadata } from '../skill-list';

export const revalidate = 300;

// No page is built ahead: each list renders on its first request and is cached from then on.
export async function generateStaticParams(): Promise<{ slug: string }[]> {
  return [];
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return skillMetadata(resolveList(SKILL_PAGES, slug), 1);
}

export default async function SkillCoursePage({ params }: Props) {
  const { slug } = await params;
  return <SkillList list={resolveList(SKILL_PAGES, slug)} page={1} />;
}
