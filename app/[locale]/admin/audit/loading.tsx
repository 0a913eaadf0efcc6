import { Spinner } from '@/components/ui/spinner';

export default function AuditLogLoading() {
  return <Spinner label="Loading the audit log…" />;
}
