import { displayedPhoneNumber, looksLikePhoneNumber, normalisePhoneNumber } from './phone-number';

// Mobile numbers as learners type them, kept in one spelling.

it('keeps a Bangladeshi mobile number however it is written, in E.164', () => {
  for (const typed of ['01712345678', '01712-345678', '017 1234 5678', '+8801712345678', '8801712345678', '+880 1712-345678', ' (017) 1234-5678 ']) {
    expect([typed, normalisePhoneNumber(typed)]).toEqual([typed, '+8801712345678']);
  }
  // Every operator's prefix: Grameenphone, Banglalink, Robi, Airtel, Teletalk.
  for (const prefix of ['017', '013', '019', '014', '018', '016', '015']) expect(normalisePhoneNumber(`${prefix}12345678`)).toBe(`+880${prefix.slice(1)}12345678`);
});

it('takes other countries’ mobile numbers with their country code', () => {
  expect(normalisePhoneNumber('+44 7400 123456')).toBe('+447400123456');
  expect(normalisePhoneNumber('+91 98765 43210')).toBe('+919876543210');
});

it('refuses what cannot receive an SMS or is not a number', () => {
  for (const typed of ['', '12345', '0171234567', '017123456789', '+88029665001', 'student@knowledgezone.test', '01712x45678', '+', '0'.repeat(30)]) {
    expect([typed, normalisePhoneNumber(typed)]).toEqual([typed, null]);
  }
});

it('tells a number from an e-mail address in the one sign-in field', () => {
  expect(looksLikePhoneNumber('01712-345678')).toBe(true);
  expect(looksLikePhoneNumber('+880 1712 345678')).toBe(true);
  expect(looksLikePhoneNumber('student@knowledgezone.test')).toBe(false);
  expect(looksLikePhoneNumber('rina')).toBe(false);
});

it('shows a kept number as people read it', () => {
  expect(displayedPhoneNumber('+8801712345678')).toBe('+880 1712 345678');
});
