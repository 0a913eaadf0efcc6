'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import { postJson } from './post-json';
import type { JsonAnswer } from './post-json';

// What every screen that asks for a code sent by SMS shares: the field the phone fills in (the
// SMS's last line is the origin-bound `@host #code` that WebOTP and the keyboards' autofill read),
// and the line that offers a new code once the wait is over.

/** WebOTP (Chrome on Android): the code of the SMS that arrives, once the learner allows it. */
export function useSmsCode(onCode: (code: string) => void, active: boolean) {
  const received = useRef(onCode);
  useEffect(() => {
    received.current = onCode;
  });
  useEffect(() => {
    if (!active || !('OTPCredential' in window)) return;
    const controller = new AbortController();
    const options = { otp: { transport: ['sms'] }, signal: controller.signal } as CredentialRequestOptions;
    navigator.credentials
      .get(options)
      .then((credential) => {
        const code = (credential as (Credential & { code?: string }) | null)?.code;
        if (code) received.current(code);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [active]);
}

/** Seconds left before a new code may be asked for, and a restart for when one was sent. */
function useCountdown(from: number): [number, () => void] {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(from)];
}

/**
 * Asking `url` for a new code for `phone`: the seconds until it may, the ask, and the notice once
 * a new code is on its way.
 */
export function useCodeResend(url: string, phone: string, resendAfterSeconds: number, on: { onSent: () => void; onRefused: (answer: JsonAnswer) => void }) {
  const t = useTranslations('phoneSignIn');
  const locale = useLocale();
  const [notice, setNotice] = useState<string | null>(null);
  const [resendIn, restartCountdown] = useCountdown(resendAfterSeconds);
  async function resend() {
    setNotice(null);
    const answer = await postJson(url, { phone, locale });
    if (answer.status !== 200) return on.onRefused(answer);
    on.onSent();
    restartCountdown();
    setNotice(t('codeSentAgain'));
  }
  return { resendIn, resend, notice };
}

export const SIX_DIGITS = /^\d{6}$/;

type CodeFieldProps = { id: string; value: string; onChange: (code: string) => void; error?: string; autoFocus?: boolean };

/** The 6-digit code: numeric keyboard, autofilled from the SMS, digits only. */
export function CodeField({ id, value, onChange, error, autoFocus }: CodeFieldProps) {
  const t = useTranslations('phoneSignIn');
  return (
    <TextField
      id={id}
      label={t('code')}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="\d{6}"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, ''))}
      error={error}
      autoFocus={autoFocus}
    />
  );
}

type ResendLineProps = ReturnType<typeof useCodeResend> & { onOther?: () => void; otherLabel?: string };

/** "Send a new code" once the wait is over (the seconds left until then), a way back to change the number, and the notice of a new code. */
export function ResendLine({ resendIn, resend, notice, onOther, otherLabel }: ResendLineProps) {
  const t = useTranslations('phoneSignIn');
  return (
    <>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {resendIn > 0 ? (
          <span className="text-slate-700">{t('resendIn', { seconds: resendIn })}</span>
        ) : (
          <button type="button" className="font-semibold text-brand-700 underline" onClick={resend}>
            {t('resend')}
          </button>
        )}
        {onOther && (
          <button type="button" className="font-semibold text-brand-700 underline" onClick={onOther}>
            {otherLabel ?? t('otherNumber')}
          </button>
        )}
      </p>
      {notice && <p role="status" className="text-sm text-green-800">{notice}</p>}
    </>
  );
}
