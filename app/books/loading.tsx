import { ListSkeleton } from '@/components/catalogue/skeletons';

export default function Loading() {
  return <ListSkeleton columns="books" label="Loading books…" />;
}
