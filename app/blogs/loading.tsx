import { ListSkeleton } from '@/components/catalogue/skeletons';

export default function Loading() {
  return <ListSkeleton columns="blogs" label="Loading blogs…" />;
}
