'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { displayedPhoneNumber } from '@/lib/phone-number';
import { useErrorText } from '@/i18n/use-error-text';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { CodeField, ResendLine, SIX_DIGITS, useCodeResend, useSmsCode } from './sms-code';
import { postJson } from './post-json';
import { useRefusalText } from './refusal-text';
import type { JsonAnswer } from './post-json';
import { replaceWithReturnPath } from './return-to';

// Signing in with a mobile number after the code was sent (/api/account/phone-code): the code,
// filled in by the phone where it can (./sms-code.tsx), then a name for a number that has no
// account yet.

type Props = {
  /** The number the code went to (E.164). */
  phone: string;
  /** Seconds before another code may be asked for. */
  resendAfterSeconds: number;
  /** The name typed already (the Register form asks it first): a new account takes it without asking. */
  knownName?: string;
  returnTo: string;
  onOtherNumber: () => void;
};

type Step = { kind: 'code' } | { kind: 'name'; ticket: string } | { kind: 'busy'; label: 'verifying' | 'creating' };

export function PhoneCodeSteps({ phone, resendAfterSeconds, knownName, returnTo, onOtherNumber }: Props) {
  const t = useTranslations('phoneSignIn');
  const errorText = useErrorText();
  const locale = useLocale();
  const [step, setStep] = useState<Step>({ kind: 'code' });
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const refusalText = useRefusalText(t('failed'));
  const refused = (answer: JsonAnswer) => refusalText(answer, 'name', 'code', 'ticket');

  async function finish(body: Record<string, unknown>, label: 'verifying' | 'creating') {
    setError(null);
    setStep({ kind: 'busy', label });
    const answer = await postJson('/api/account/phone-login', { ...body, locale });
    if (answer.status === 200 && answer.body.signedIn === true) {
      replaceWithReturnPath(returnTo, locale);
      return;
    }
    if (answer.status === 200 && typeof answer.body.ticket === 'string') {
      if (knownName) return finish({ ticket: answer.body.ticket, name: knownName }, 'creating');
      return setStep({ kind: 'name', ticket: answer.body.ticket });
    }
    setError(refused(answer));
    setStep(label === 'creating' && 'ticket' in body ? { kind: 'name', ticket: String(body.ticket) } : { kind: 'code' });
  }

  async function verify(entered: string) {
    if (!SIX_DIGITS.test(entered)) return setError(errorText('enterThe6DigitCodeFromTheSms'));
    await finish({ phone, code: entered }, 'verifying');
  }

  useSmsCode((received) => {
    setCode(received);
    void verify(received);
  }, step.kind === 'code');

  const again = useCodeResend('/api/account/phone-code', phone, resendAfterSeconds, {
    onSent: () => {
      setError(null);
      setCode('');
    },
    onRefused: (answer) => setError(refused(answer)),
  });

  if (step.kind === 'busy') return <Spinner label={t(step.label)} />;

  if (step.kind === 'name') {
    const ticket = step.ticket;
    const submit = (event: FormEvent) => {
      event.preventDefault();
      void finish({ ticket, name }, 'creating');
    };
    return (
      <form noValidate onSubmit={submit} className="space-y-4">
        <h2 className="text-lg font-semibold text-brand-900">{t('nameTitle')}</h2>
        <p className="text-sm text-slate-700">{t('nameHelp', { phone: displayedPhoneNumber(phone) })}</p>
        <TextField id="phone-account-name" label={t('name')} autoComplete="name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={error ?? undefined} autoFocus />
        <button type="submit" className="btn-primary w-full">{t('createAccount')}</button>
        <button type="button" className="text-sm font-semibold text-brand-700 underline" onClick={onOtherNumber}>
          {t('otherNumber')}
        </button>
      </form>
    );
  }

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void verify(code.trim());
  };
  return (
    <div className="space-y-4">
      <form noValidate onSubmit={submitCode} className="space-y-4">
        <p className="text-sm text-slate-700">{t('codeSentTo', { phone: displayedPhoneNumber(phone) })}</p>
        <CodeField id="phone-code" value={code} onChange={setCode} error={error ?? undefined} autoFocus />
        <button type="submit" className="btn-primary w-full">{t('verify')}</button>
      </form>
      <ResendLine {...again} onOther={onOtherNumber} />
    </div>
  );
}
