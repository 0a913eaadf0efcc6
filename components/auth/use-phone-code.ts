'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { looksLikePhoneNumber } from '@/lib/phone-number';
import { postJson } from './post-json';
import { useRefusalText } from './refusal-text';

/**
 * The Login and Register forms' first field takes a mobile number or an e-mail address: what is
 * typed decides. A number is sent a code (`url`: to sign in, or to reset the password); then
 * PhoneCodeSteps (or PhoneResetSteps) takes over.
 */
export function usePhoneCode(phoneSignIn: boolean, typed: string | undefined, url = '/api/account/phone-code') {
  const t = useTranslations('phoneSignIn');
  const refusalText = useRefusalText(t('failed'));
  const locale = useLocale();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ phone: string; resendAfterSeconds: number } | null>(null);
  const byPhone = phoneSignIn && looksLikePhoneNumber(typed ?? '');

  async function send(event?: FormEvent) {
    event?.preventDefault();
    setError(null);
    setSending(true);
    const answer = await postJson(url, { phone: typed ?? '', locale });
    setSending(false);
    const { phone, resendAfterSeconds } = answer.body;
    if (answer.status === 200 && typeof phone === 'string') return setSent({ phone, resendAfterSeconds: typeof resendAfterSeconds === 'number' ? resendAfterSeconds : 60 });
    setError(refusalText(answer, 'phone'));
  }

  return { byPhone, send, sending, sent, error: byPhone ? error : null, sendLabel: t('sendCode'), sendingLabel: t('sending'), startAgain: () => setSent(null) };
}
