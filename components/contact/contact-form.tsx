'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useErrorText } from '@/i18n/use-error-text';
import { answerFieldError } from '@/i18n/error-text';
import { CONTACT_LIMITS, contactSchema } from '@/lib/schemas/contact';
import type { ContactInput, ContactMessage } from '@/lib/schemas/contact';
import { HydratedForm } from '@/components/ui/hydrated-form';

type Outcome = { kind: 'success' | 'failure'; text: string } | null;

type Answer = { message?: string; code?: string; fieldErrors?: Partial<Record<keyof ContactInput, string[]>>; fieldErrorCodes?: Partial<Record<keyof ContactInput, string[]>> };

const FIELDS = ['firstName', 'lastName', 'subject', 'message'] as const;

const EMPTY: ContactInput = { firstName: '', lastName: '', subject: '', message: '' };

/** Its texts are the `contact` messages; the schema's and the API's English go through useErrorText(). */
export function ContactForm() {
  const t = useTranslations('contact');
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<ContactInput, unknown, ContactMessage>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  async function send(values: ContactMessage) {
    setOutcome(null);
    let status = 0;
    let answer: Answer = {};
    try {
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(values),
      });
      status = response.status;
      answer = (await response.json().catch(() => ({}))) as Answer;
    } catch {
      setOutcome({ kind: 'failure', text: t('offline') });
      return;
    }
    if (status === 201) {
      form.reset(EMPTY);
      setOutcome({ kind: 'success', text: answer.message ? errorText(answer) : t('sent') });
      return;
    }
    for (const field of FIELDS) {
      const message = answerFieldError(answer, field);
      if (message) form.setError(field, { message });
    }
    setOutcome({ kind: 'failure', text: answer.message ? errorText(answer) : t('failed') });
  }

  const describedBy = (field: (typeof FIELDS)[number]) => `contact-${field}-error`;

  return (
    <HydratedForm noValidate onSubmit={form.handleSubmit(send)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-firstName" className="mb-1 block text-sm font-medium">{t('firstName')}</label>
          <input
            id="contact-firstName"
            autoComplete="given-name"
            required
            maxLength={CONTACT_LIMITS.nameMax}
            className="input-field"
            aria-invalid={Boolean(errors.firstName)}
            aria-describedby={describedBy('firstName')}
            {...form.register('firstName')}
          />
          <p id={describedBy('firstName')} className="field-error">{errors.firstName?.message && errorText(errors.firstName.message)}</p>
        </div>
        <div>
          <label htmlFor="contact-lastName" className="mb-1 block text-sm font-medium">{t('lastName')}</label>
          <input
            id="contact-lastName"
            autoComplete="family-name"
            required
            maxLength={CONTACT_LIMITS.nameMax}
            className="input-field"
            aria-invalid={Boolean(errors.lastName)}
            aria-describedby={describedBy('lastName')}
            {...form.register('lastName')}
          />
          <p id={describedBy('lastName')} className="field-error">{errors.lastName?.message && errorText(errors.lastName.message)}</p>
        </div>
      </div>
      <div>
        <label htmlFor="contact-subject" className="mb-1 block text-sm font-medium">{t('subject')}</label>
        <input
          id="contact-subject"
          required
          maxLength={CONTACT_LIMITS.subjectMax}
          className="input-field"
          aria-invalid={Boolean(errors.subject)}
          aria-describedby={describedBy('subject')}
          {...form.register('subject')}
        />
        <p id={describedBy('subject')} className="field-error">{errors.subject?.message && errorText(errors.subject.message)}</p>
      </div>
      <div>
        <label htmlFor="contact-message" className="mb-1 block text-sm font-medium">{t('message')}</label>
        <textarea
          id="contact-message"
          rows={6}
          required
          maxLength={CONTACT_LIMITS.messageMax}
          className="input-field resize-y"
          aria-invalid={Boolean(errors.message)}
          aria-describedby={describedBy('message')}
          {...form.register('message')}
        />
        <p id={describedBy('message')} className="field-error">{errors.message?.message && errorText(errors.message.message)}</p>
      </div>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting} aria-busy={isSubmitting}>
        {t('send')}
      </button>
      <div aria-live="polite">
        {outcome?.kind === 'success' && (
          <p role="status" className="rounded-md bg-green-50 px-4 py-3 text-sm font-medium text-green-800 ring-1 ring-green-200">
            {outcome.text}
          </p>
        )}
      </div>
      {outcome?.kind === 'failure' && (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200">
          {outcome.text}
        </p>
      )}
    </HydratedForm>
  );
}
