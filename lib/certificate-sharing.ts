// Addresses that put a certificate of completion where a learner shows it: LinkedIn's "Add to
// Profile" form for certifications, prefilled, and the sharing dialogs of Facebook and LinkedIn.
// Plain links: no script of theirs is loaded, and nothing is sent until the learner follows one.

export const ISSUING_ORGANIZATION = 'Knowledge Zone';

type SharedCertificate = {
  /** The certificate's public verification address (absolute). */
  url: string;
  id: string;
  courseTitle: string;
  issuedAt: Date;
};

/** LinkedIn's Add to Profile form for a certification, filled in with this one. */
export function linkedInAddToProfileUrl(certificate: SharedCertificate): string {
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseTitle,
    organizationName: ISSUING_ORGANIZATION,
    issueYear: String(certificate.issuedAt.getUTCFullYear()),
    issueMonth: String(certificate.issuedAt.getUTCMonth() + 1),
    certUrl: certificate.url,
    certId: certificate.id,
  });
  return `https://www.linkedin.com/profile/add?${query}`;
}

/** Facebook's dialog sharing the certificate's address. */
export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`;
}
