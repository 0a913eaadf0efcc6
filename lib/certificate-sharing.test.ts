import { facebookShareUrl, linkedInAddToProfileUrl } from './certificate-sharing';

it('prefills LinkedIn’s Add to Profile form with the course, the issuer, the month of issue and the verification address', () => {
  const url = new URL(
    linkedInAddToProfileUrl({ url: 'https://kz.example/certificates/abc_DEF-123', id: 'abc_DEF-123', courseTitle: 'Physics & Maths: Class 9', issuedAt: new Date('2026-01-31T23:30:00Z') }),
  );
  expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    startTask: 'CERTIFICATION_NAME',
    name: 'Physics & Maths: Class 9',
    organizationName: 'Knowledge Zone',
    issueYear: '2026',
    issueMonth: '1',
    certUrl: 'https://kz.example/certificates/abc_DEF-123',
    certId: 'abc_DEF-123',
  });
});

it('shares the address on Facebook, escaped', () => {
  const url = new URL(facebookShareUrl('https://kz.example/certificates/a?b=c&d'));
  expect(url.searchParams.get('u')).toBe('https://kz.example/certificates/a?b=c&d');
});
