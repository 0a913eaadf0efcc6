import { Link } from '@/i18n/navigation';

/** An address that names no certificate: it cannot be verified, and the visitor is told so plainly. */
export default function CertificateNotFound() {
  return (
    <div className="container-page flex flex-col items-center py-16 text-center">
      <h1 className="text-2xl font-bold text-brand-900">Certificate not found</h1>
      <p className="mt-3 max-w-xl text-slate-700">
        No Knowledge Zone certificate has this address, so it cannot be verified. Check that the address was copied in full from the
        certificate or its PDF; if it was, the certificate is not one that Knowledge Zone issued.
      </p>
      <Link href="/" className="btn-primary mt-6">
        Back to Home
      </Link>
    </div>
  );
}
