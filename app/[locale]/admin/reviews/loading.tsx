import { Spinner } from '@/components/ui/spinner';

export default function HiddenReviewsLoading() {
  return <Spinner label="Loading hidden reviews…" />;
}
