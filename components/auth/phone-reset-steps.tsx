'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { passwordField } from '@/lib/schemas/auth';
import { displayedPhoneNumber } from '@/lib/phone-number';
import { answerFieldError } from '@/i18n/error-text';
import { useErrorText } from '@/i18n/use-error-text';
import { firstIssueMessage } from '@/lib/coded-message';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { CodeField, ResendLine, SIX_DIGITS, useCodeResend, useSmsCode } from './sms-code';
import { postJson } from './post-json';
import { useRefusalText } from './refusal-text';

// A new password set with a code sent by SMS to the account's number (Login's "Reset Password"
// with a number typed): the code and the new password on one screen, since the code lives minutes.

type Props = {
  /** The number the code went to, if it has an account (E.164). */
  phone: string;
  resendAfterSeconds: number;
  onDone: () => void;
  onOtherNumber: () => void;
};

type Errors = { code?: string; password?: string; form?: string };

export function PhoneResetSteps({ phone, resendAfterSeconds, onDone, onOtherNumber }: Props) {
  const t = useTranslations('phoneSignIn');
  const tReset = useTranslations('resetPassword');
  const errorText = useErrorText();
  const refusalText = useRefusalText(t('failed'));
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const again = useCodeResend('/api/account/password-reset/phone-code', phone, resendAfterSeconds, {
    onSent: () => {
      setErrors({});
      setCode('');
    },
    onRefused: (answer) => setErrors({ form: refusalText(answer) }),
  });
  useSmsCode(setCode, !busy);

  /** What the fields' own rules refuse, before anything is sent (a code lives minutes: do not spend a try on a short password). */
  function checked(): Errors {
    const found: Errors = {};
    if (!SIX_DIGITS.test(code)) found.code = errorText('enterThe6DigitCodeFromTheSms');
    const passwordIssue = passwordField.safeParse(password);
    if (!passwordIssue.success) found.password = errorText(firstIssueMessage(passwordIssue.error.issues, 'pleaseCorrectTheHighlightedFields'));
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = checked();
    setErrors(found);
    if (found.code || found.password) return;
    setBusy(true);
    const answer = await postJson('/api/account/password-reset/phone-confirm', { phone, code, password });
    setBusy(false);
    if (answer.status === 200) return onDone();
    const codeError = answerFieldError(answer.body, 'code');
    const passwordError = answerFieldError(answer.body, 'password');
    if (codeError || passwordError) return setErrors({ code: codeError && errorText(codeError), password: passwordError && errorText(passwordError) });
    setErrors({ code: answer.body.message ? errorText(answer.body) : tReset('failed') });
  }

  if (busy) return <Spinner label={tReset('saving')} />;
  return (
    <div className="space-y-4">
      <form noValidate onSubmit={submit} className="space-y-4">
        <h2 className="text-lg font-semibold text-brand-900">{t('resetTitle')}</h2>
        <p className="text-sm text-slate-700">{t('resetCodeSentTo', { phone: displayedPhoneNumber(phone) })}</p>
        <CodeField id="reset-code" value={code} onChange={setCode} error={errors.code} autoFocus />
        <TextField id="reset-new-password" label={tReset('newPassword')} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} error={errors.password} />
        <button type="submit" className="btn-primary w-full">{tReset('submit')}</button>
      </form>
      <ResendLine {...again} onOther={onOtherNumber} />
      {errors.form && <p role="alert" className="text-sm font-medium text-red-700">{errors.form}</p>}
    </div>
  );
}
