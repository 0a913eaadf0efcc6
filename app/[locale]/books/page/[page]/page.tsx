import type { Metadata } from 'next';
import { resolvePageNumber } from '@/app/_catalogue/list-route';
import { BooksList, booksMetadata } from '../../books-list';

export const revalidate = 300;

export async function generateStaticParams(): Promise<{ page: string }[]> {
  return [];
}

type Props = { params: Promise<{ page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return booksMetadata(await resolvePageNumber((await params).page, '/books'));
}

export default async function BooksListPage({ params }: Props) {
  return <BooksList page={await resolvePageNumber((await params).page, '/books')} />;
}
