// Certificates of completion: what an id looks like, shared by the proxy, the pages
// and the server.

/**
 * 16 random bytes in base64url without padding: 22 characters, the last of which carries only two
 * bits (so it is one of A, Q, g, w). Anything else cannot be a certificate: the proxy and the
 * pages answer 404 without asking the database.
 */
const CERTIFICATE_ID = /^[A-Za-z0-9_-]{21}[AQgw]$/;

export function isCertificateId(value: string): boolean {
  return CERTIFICATE_ID.test(value);
}

const CERTIFICATE_ADDRESS = /^\/certificates\/([^/]*)(?:\/pdf)?\/?$/;

/** True for a certificate page or PDF address whose id cannot exist (the proxy's early 404). */
export function isImpossibleCertificateAddress(pathname: string): boolean {
  const match = CERTIFICATE_ADDRESS.exec(pathname);
  return match !== null && !isCertificateId(match[1] ?? '');
}
