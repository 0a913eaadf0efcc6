import { DetailSkeleton } from '@/components/catalogue/skeletons';

export default function Loading() {
  return <DetailSkeleton label="Loading course…" />;
}
