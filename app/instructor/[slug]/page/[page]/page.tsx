import type { Metadata } from 'next';
import { SUBJECT_PAGES } from '@/lib/catalogue';
import { resolveList, resolvePageNumber } from '../../../../_catalogue/list-route';
import { InstructorList, instructorMetadata } from '../../../instructor-list';

export const revalidate = 300;

export async function generateStaticParams(): Promise<{ slug: string; page: string }[]> {
  return [];
}

type Props = { params: Promise<{ slug: string; page: string }> };

async function resolve(params: Props['params']) {
  const { slug, page: rawPage } = await params;
  const page = resolvePageNumber(rawPage, `/instructor/${slug}`);
  return { subject: resolveList(SUBJECT_PAGES, slug, page), page };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { subject, page } = await resolve(params);
  return instructorMetadata(subject, page);
}

export default async function SubjectInstructorsListPage({ params }: Props) {
  const { subject, page } = await resolve(params);
  return <InstructorList subject={subject} page={page} />;
}
