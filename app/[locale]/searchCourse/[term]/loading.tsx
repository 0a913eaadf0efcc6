import { SearchSkeleton } from '@/components/catalogue/skeletons';

export default function Loading() {
  return <SearchSkeleton label="Searching courses…" />;
}
