import type { Metadata } from 'next';
import { ACADEMIC_PAGES } from '@/lib/catalogue';
import { resolveList } from '../../_catalogue/list-route';
import { AcademicList, academicMetadata } from '../academic-list';

export const revalidate = 300;

// No page is built ahead: each class renders on its first request and is cached from then on.
export async function generateStaticParams(): Promise<{ slug: string }[]> {
  return [];
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return academicMetadata(resolveList(ACADEMIC_PAGES, slug), 1);
}

export default async function ClassPage({ params }: Props) {
  const { slug } = await params;
  return <AcademicList list={resolveList(ACADEMIC_PAGES, slug)} page={1} />;
}
