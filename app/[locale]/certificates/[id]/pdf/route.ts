// GET /certificates/{id}/pdf (and /bn/...) — a certificate of completion as a PDF to keep, in the address's language (anyone with its address; 404 unknown, 410 withdrawn)
import { NextResponse } from 'next/server';
import { isLocale, routing } from '@/i18n/routing';
import { renderCertificatePdf } from '@/server/learning/certificate-pdf';
import { certificateInLocale, findCertificate } from '@/server/learning/certificates';
import { HttpError, route } from '@/server/platform/http';

type Context = { params: Promise<{ locale: string; id: string }> };

export const GET = route<Context>(async (_request, { params }) => {
  const { locale, id } = await params;
  const certificate = await findCertificate(id);
  if (!certificate) throw new HttpError(404, 'certificateNotFound');
  // Gone for good: the verification page says why.
  if (certificate.withdrawal) throw new HttpError(410, 'thisCertificateWasWithdrawn');
  const language = isLocale(locale) ? locale : routing.defaultLocale;
  const pdf = await renderCertificatePdf(await certificateInLocale(certificate, language), language);
  return new NextResponse(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="knowledge-zone-certificate-${certificate.id}.pdf"`,
      // Made afresh each time, so a withdrawal takes effect at once.
      'Cache-Control': 'no-store',
    },
  });
});
