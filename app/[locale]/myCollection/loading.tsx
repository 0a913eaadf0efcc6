import { Spinner } from '@/components/ui/spinner';

// Spec §2: My Collection shows a spinner until the paid orders are loaded.
export default function MyCollectionLoading() {
  return <Spinner label="Loading your collection…" />;
}
