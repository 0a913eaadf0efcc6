import type { Metadata } from 'next';
import { ACADEMIC_PAGES } from '@/lib/catalogue';
import { resolveList, resolvePageNumber } from '../../../../_catalogue/list-route';
import { AcademicList, academicMetadata } from '../../../academic-list';

export const revalidate = 300;

export async function generateStaticParams(): Promise<{ slug: string; page: string }[]> {
  return [];
}

type Props = { params: Promise<{ slug: string; page: string }> };

async function resolve(params: Props['params']) {
  const { slug, page: rawPage } = await params;
  const page = resolvePageNumber(rawPage, `/classes/${slug}`);
  return { list: resolveList(ACADEMIC_PAGES, slug, page), page };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { list, page } = await resolve(params);
  return academicMetadata(list, page);
}

export default async function ClassListPage({ params }: Props) {
  const { list, page } = await resolve(params);
  return <AcademicList list={list} page={page} />;
}
