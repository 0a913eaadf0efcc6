import { Spinner } from '@/components/ui/spinner';

export default function MyOrderLoading() {
  return <Spinner label="Loading your orders…" />;
}
