import { Spinner } from '@/components/ui/spinner';

export default function SalesLoading() {
  return <Spinner label="Loading sales…" />;
}
