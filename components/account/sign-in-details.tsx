'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useRouter } from '@/i18n/navigation';
import { useErrorText } from '@/i18n/use-error-text';
import { displayedPhoneNumber } from '@/lib/phone-number';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { CodeField, ResendLine, SIX_DIGITS, useCodeResend, useSmsCode } from '@/components/auth/sms-code';
import { postJson } from '@/components/auth/post-json';
import { useRefusalText } from '@/components/auth/refusal-text';

// My Profile's sign-in details: the mobile number (changed with a code sent to the new number) and
// the e-mail address (changed by a link sent to the new address). Either then signs in.

type Props = {
  email: string | null;
  mobileNumber: string | null;
  hasPassword: boolean;
  /** The server sends SMS codes: numbers can be added or changed. */
  smsAvailable: boolean;
};

type Open = 'none' | 'number' | 'email';

function NumberForm({ onDone, onCancel }: { onDone: (number: string) => void; onCancel: () => void }) {
  const t = useTranslations('signInDetails');
  const locale = useLocale();
  const refusalText = useRefusalText(t('failed'));
  const [typed, setTyped] = useState('');
  const [sent, setSent] = useState<{ phone: string; resendAfterSeconds: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await postJson('/api/account/mobile-number/code', { phone: typed, locale });
    setBusy(false);
    if (answer.status === 200 && typeof answer.body.phone === 'string') {
      return setSent({ phone: answer.body.phone, resendAfterSeconds: typeof answer.body.resendAfterSeconds === 'number' ? answer.body.resendAfterSeconds : 60 });
    }
    setError(refusalText(answer, 'phone'));
  }

  if (busy) return <Spinner label={t('sending')} />;
  if (sent) return <NumberCodeStep {...sent} onDone={onDone} onOtherNumber={() => setSent(null)} />;
  return (
    <form noValidate onSubmit={send} className="mt-3 space-y-3">
      <TextField id="new-mobile-number" label={t('newNumber')} type="tel" autoComplete="tel" inputMode="tel" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} error={error ?? undefined} autoFocus />
      <p className="text-xs text-slate-600">{t('numberHelp')}</p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary">{t('sendCode')}</button>
        <button type="button" className="btn border border-slate-300 bg-white text-slate-800 hover:bg-slate-50" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

function NumberCodeStep({ phone, resendAfterSeconds, onDone, onOtherNumber }: { phone: string; resendAfterSeconds: number; onDone: (number: string) => void; onOtherNumber: () => void }) {
  const t = useTranslations('signInDetails');
  const refusalText = useRefusalText(t('failed'));
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const again = useCodeResend('/api/account/mobile-number/code', phone, resendAfterSeconds, {
    onSent: () => {
      setError(null);
      setCode('');
    },
    onRefused: (answer) => setError(refusalText(answer, 'phone')),
  });

  async function save(entered: string) {
    if (!SIX_DIGITS.test(entered)) return setError(errorText('enterThe6DigitCodeFromTheSms'));
    setBusy(true);
    setError(null);
    const answer = await postJson('/api/account/mobile-number', { phone, code: entered });
    setBusy(false);
    if (answer.status === 200) return onDone(phone);
    setError(refusalText(answer, 'code'));
  }
  useSmsCode((received) => {
    setCode(received);
    void save(received);
  }, !busy);

  if (busy) return <Spinner label={t('saving')} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(code.trim());
  };
  return (
    <div className="mt-3 space-y-3">
      <form noValidate onSubmit={submit} className="space-y-3">
        <p className="text-sm text-slate-700">{t('codeSentTo', { phone: displayedPhoneNumber(phone) })}</p>
        <CodeField id="new-number-code" value={code} onChange={setCode} error={error ?? undefined} autoFocus />
        <button type="submit" className="btn-primary">{t('saveNumber')}</button>
      </form>
      <ResendLine {...again} onOther={onOtherNumber} otherLabel={t('otherNumber')} />
    </div>
  );
}

function EmailForm({ hasPassword, onCancel }: { hasPassword: boolean; onCancel: () => void }) {
  const t = useTranslations('signInDetails');
  const refusalText = useRefusalText(t('failed'));
  const errorText = useErrorText();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await postJson('/api/account/email', { email: typed });
    setBusy(false);
    if (answer.status === 200) return setSent(answer.body.message ? errorText(answer.body) : t('linkSent'));
    setError(refusalText(answer, 'email'));
  }

  if (busy) return <Spinner label={t('sending')} />;
  if (sent) {
    return (
      <div className="mt-3 space-y-2" role="status">
        <p className="text-sm text-green-800">{sent}</p>
        {!hasPassword && <p className="text-sm text-slate-700">{t('setPasswordHint')}</p>}
      </div>
    );
  }
  return (
    <form noValidate onSubmit={send} className="mt-3 space-y-3">
      <TextField id="new-email" label={t('newEmail')} type="email" autoComplete="email" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} error={error ?? undefined} autoFocus />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary">{t('sendLink')}</button>
        <button type="button" className="btn border border-slate-300 bg-white text-slate-800 hover:bg-slate-50" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

export function SignInDetails({ email, mobileNumber, hasPassword, smsAvailable }: Props) {
  const t = useTranslations('signInDetails');
  const router = useRouter();
  const [open, setOpen] = useState<Open>('none');
  const [changed, setChanged] = useState<string | null>(null);

  function numberSaved(number: string) {
    setOpen('none');
    setChanged(t('numberSaved', { phone: displayedPhoneNumber(number) }));
    router.refresh();
  }
  const toggle = (which: Open) => {
    setChanged(null);
    setOpen(open === which ? 'none' : which);
  };

  return (
    <section aria-labelledby="sign-in-details-heading" className="mt-8 rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="sign-in-details-heading" className="text-lg font-semibold text-brand-900">{t('title')}</h2>
      <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
      <div className="mt-4 divide-y divide-slate-100">
        {smsAvailable && (
          <div className="py-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <h3 className="text-sm font-semibold text-slate-700">{t('mobileNumber')}</h3>
                <p className={mobileNumber ? 'text-slate-900' : 'italic text-slate-600'}>{mobileNumber ? displayedPhoneNumber(mobileNumber) : t('none')}</p>
              </div>
              <button type="button" className="text-sm font-semibold text-brand-700 underline" aria-expanded={open === 'number'} onClick={() => toggle('number')}>
                {mobileNumber ? t('changeNumber') : t('addNumber')}
              </button>
            </div>
            {open === 'number' && <NumberForm onDone={numberSaved} onCancel={() => setOpen('none')} />}
          </div>
        )}
        <div className="py-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <h3 className="text-sm font-semibold text-slate-700">{t('email')}</h3>
              <p className={email ? 'break-all text-slate-900' : 'italic text-slate-600'}>{email ?? t('none')}</p>
            </div>
            <button type="button" className="text-sm font-semibold text-brand-700 underline" aria-expanded={open === 'email'} onClick={() => toggle('email')}>
              {email ? t('changeEmail') : t('addEmail')}
            </button>
          </div>
          {open === 'email' && <EmailForm hasPassword={hasPassword} onCancel={() => setOpen('none')} />}
        </div>
      </div>
      {changed && (
        <p role="status" className="mt-2 text-sm text-green-800">
          {changed}
        </p>
      )}
    </section>
  );
}
