import { composedCode } from '@/lib/coded-message';
import { z } from 'zod';

// The contact form's rules (docs/product.md §3, §5: every field required); used by the form and the API.

export const CONTACT_LIMITS = {
  nameMax: 50,
  subjectMax: 120,
  messageMin: 10,
  messageMax: 2000,
} as const;

function requiredText(label: string, max: number) {
  return z
    .string({ error: composedCode(`${label} is required`) })
    .trim()
    .min(1, { error: composedCode(`${label} is required`), abort: true })
    .max(max, composedCode(`${label} must be at most ${max} characters`));
}

export const contactSchema = z.strictObject({
  firstName: requiredText('First name', CONTACT_LIMITS.nameMax),
  lastName: requiredText('Last name', CONTACT_LIMITS.nameMax),
  subject: requiredText('Subject', CONTACT_LIMITS.subjectMax),
  message: requiredText('Message', CONTACT_LIMITS.messageMax).min(
    CONTACT_LIMITS.messageMin,
    composedCode(`Message must be at least ${CONTACT_LIMITS.messageMin} characters`),
  ),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
