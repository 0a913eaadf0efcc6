import type { Metadata } from 'next';
import { SUBJECT_PAGES } from '@/lib/catalogue';
import { resolveList } from '../../_catalogue/list-route';
import { InstructorList, instructorMetadata } from '../instructor-list';

export const revalidate = 300;

// No page is built ahead: each subject renders on its first request and is cached from then on.
export async function generateStaticParams(): Promise<{ slug: string }[]> {
  return [];
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return instructorMetadata(resolveList(SUBJECT_PAGES, slug), 1);
}

export default async function SubjectInstructorsPage({ params }: Props) {
  const { slug } = await params;
  return <InstructorList subject={resolveList(SUBJECT_PAGES, slug)} page={1} />;
}
