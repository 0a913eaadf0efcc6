import { Spinner } from '@/components/ui/spinner';

export default function UpdateFormLoading() {
  return <Spinner label="Loading the form…" />;
}
