import type { Metadata } from 'next';
import { SKILL_PAGES } from '@/lib/catalogue';
import { resolveList, resolvePageNumber } from '../../../_catalogue/list-route';
import { SkillList, skillMetadata } from '../../skill-list';

export const revalidate = 300;

export async function generateStaticParams(): Promise<{ page: string }[]> {
  return [];
}

type Props = { params: Promise<{ page: string }> };

async function resolve(params: Props['params']) {
  const { page } = await params;
  const list = resolveList(SKILL_PAGES, undefined);
  return { list, page: resolvePageNumber(page, list.href) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { list, page } = await resolve(params);
  return skillMetadata(list, page);
}

export default async function FreeCourseListPage({ params }: Props) {
  const { list, page } = await resolve(params);
  return <SkillList list={list} page={page} />;
}
