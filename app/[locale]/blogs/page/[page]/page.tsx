import type { Metadata } from 'next';
import { resolvePageNumber } from '@/app/_catalogue/list-route';
import { BlogsList, blogsMetadata } from '../../blogs-list';

export const revalidate = 300;

export async function generateStaticParams(): Promise<{ page: string }[]> {
  return [];
}

type Props = { params: Promise<{ page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return blogsMetadata(await resolvePageNumber((await params).page, '/blogs'));
}

export default async function BlogsListPage({ params }: Props) {
  return <BlogsList page={await resolvePageNumber((await params).page, '/blogs')} />;
}
