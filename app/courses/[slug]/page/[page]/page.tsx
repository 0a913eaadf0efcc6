import type { Metadata } from 'next';
import { SKILL_PAGES } from '@/lib/catalogue';
import { resolveList, resolvePageNumber } from '../../../../_catalogue/list-route';
import { SkillList, skillMetadata } from '../../../skill-list';

export const revalidate = 300;

export async function generateStaticParams(): Promise<{ slug: string; page: string }[]> {
  return [];
}

type Props = { params: Promise<{ slug: string; page: string }> };

async function resolve(params: Props['params']) {
  const { slug, page: rawPage } = await params;
  const page = resolvePageNumber(rawPage, `/courses/${slug}`);
  return { list: resolveList(SKILL_PAGES, slug, page), page };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { list, page } = await resolve(params);
  return skillMetadata(list, page);
}

export default async function SkillCourseListPage({ params }: Props) {
  const { list, page } = await resolve(params);
  return <SkillList list={list} page={page} />;
}
