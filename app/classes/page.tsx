import type { Metadata } from 'next';
import { ACADEMIC_PAGES } from '@/lib/catalogue';
import { resolveList } from '../_catalogue/list-route';
import { AcademicList, academicMetadata } from './academic-list';
import { isBuilding } from '@/server/build-phase';

// Rendered on first request (the build renders it without data: server/build-phase.ts), then
// served from the cache and refreshed at most every 5 minutes
// (admin changes refresh it at once through revalidateCatalogue).
export const revalidate = 300;

export function generateMetadata(): Metadata {
  return academicMetadata(resolveList(ACADEMIC_PAGES, undefined), 1);
}

export default function ClassOnePage() {
  if (isBuilding()) return null;
  return <AcademicList list={resolveList(ACADEMIC_PAGES, undefined)} page={1} />;
}
