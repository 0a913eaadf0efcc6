import type { Metadata } from 'next';
import { SUBJECT_PAGES } from '@/lib/catalogue';
import { resolveList, resolvePageNumber } from '../../../_catalogue/list-route';
import { InstructorList, instructorMetadata } from '../../instructor-list';

export const revalidate = 300;

export async function generateStaticParams(): Promise<{ page: string }[]> {
  return [];
}

type Props = { params: Promise<{ page: string }> };

async function resolve(params: Props['params']) {
  const { page } = await params;
  const subject = resolveList(SUBJECT_PAGES, undefined);
  return { subject, page: resolvePageNumber(page, subject.href) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { subject, page } = await resolve(params);
  return instructorMetadata(subject, page);
}

export default async function BengaliInstructorsListPage({ params }: Props) {
  const { subject, page } = await resolve(params);
  return <InstructorList subject={subject} page={page} />;
}
