import { ListSkeleton } from '@/components/catalogue/skeletons';

export default function Loading() {
  return <ListSkeleton withMenu label="Loading courses…" />;
}
