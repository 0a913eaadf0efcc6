import { Spinner } from '@/components/ui/spinner';

export default function PromoCodesLoading() {
  return <Spinner label="Loading promo codes…" />;
}
