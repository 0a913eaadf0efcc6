import { CONTACT_LIMITS, contactSchema } from './contact';
import { englishText } from '@/server/platform/english-text';

function messages(input: unknown): Record<string, string> {
  const result = contactSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), englishText(issue.message)]));
}

const valid = { firstName: 'Ayesha', lastName: 'Rahman', subject: 'Class 9 Physics', message: 'When does the next batch start?' };

describe('contact form rules', () => {
  it('requires every field with a clear message', () => {
    expect(messages({ firstName: '', lastName: ' ', subject: '', message: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    expect(messages({})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it('bounds lengths', () => {
    expect(messages({ ...valid, firstName: 'x'.repeat(CONTACT_LIMITS.nameMax + 1) })).toEqual({
      firstName: 'First name must be at most 50 characters',
    });
    expect(messages({ ...valid, subject: 'x'.repeat(CONTACT_LIMITS.subjectMax + 1) })).toEqual({
      subject: 'Subject must be at most 120 characters',
    });
    expect(messages({ ...valid, message: 'short' })).toEqual({ message: 'Message must be at least 10 characters' });
    expect(messages({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.messageMax + 1) })).toEqual({
      message: 'Message must be at most 2000 characters',
    });
  });

  it('trims and accepts a valid message', () => {
    expect(contactSchema.parse({ ...valid, firstName: '  Ayesha ' }).firstName).toBe('Ayesha');
  });

  it('refuses unknown fields and non-text values', () => {
    expect(contactSchema.safeParse({ ...valid, email: 'a@b.co' }).success).toBe(false);
    expect(contactSchema.safeParse({ ...valid, subject: { $ne: '' } }).success).toBe(false);
  });
});
