import type { Metadata } from 'next';
import { ACADEMIC_PAGES } from '@/lib/catalogue';
import { resolveList, resolvePageNumber } from '../../../_catalogue/list-route';
import { AcademicList, academicMetadata } from '../../academic-list';

export const revalidate = 300;

export async function generateStaticParams(): Promise<{ page: string }[]> {
  return [];
}

type Props = { params: Promise<{ page: string }> };

async function resolve(params: Props['params']) {
  const { page } = await params;
  const list = resolveList(ACADEMIC_PAGES, undefined);
  return { list, page: resolvePageNumber(page, list.href) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { list, page } = await resolve(params);
  return academicMetadata(list, page);
}

export default async function ClassOneListPage({ params }: Props) {
  const { list, page } = await resolve(params);
  return <AcademicList list={list} page={page} />;
}
