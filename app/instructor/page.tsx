import type { Metadata } from 'next';
import { SUBJECT_PAGES } from '@/lib/catalogue';
import { resolveList } from '../_catalogue/list-route';
import { InstructorList, instructorMetadata } from './instructor-list';
import { isBuilding } from '@/server/build-phase';

// Rendered on first request (the build renders it without data: server/build-phase.ts), then
// served from the cache and refreshed at most every 5 minutes
// (admin changes refresh it at once through revalidateCatalogue).
export const revalidate = 300;

export function generateMetadata(): Metadata {
  return instructorMetadata(resolveList(SUBJECT_PAGES, undefined), 1);
}

export default function BengaliInstructorsPage() {
  if (isBuilding()) return null;
  return <InstructorList subject={resolveList(SUBJECT_PAGES, undefined)} page={1} />;
}
