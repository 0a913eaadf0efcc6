'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { loginSchema } from '@/lib/schemas/auth';
import type { LoginInput } from '@/lib/schemas/auth';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { GoogleButton } from './google-button';
import { IdentifierField } from './identifier-field';
import { PhoneCodeSteps } from './phone-code-steps';
import { PhoneResetSteps } from './phone-reset-steps';
import { usePhoneCode } from './use-phone-code';
import { postJson } from './post-json';
import { replaceWithReturnPath } from './return-to';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { useErrorText } from '@/i18n/use-error-text';

/**
 * `initialError`: the sign-in failure the page was opened with, already in the page's language.
 * `phoneSignIn`: the server sends SMS codes, so the first field also takes a mobile number.
 */
type Props = { returnTo: string; googleEnabled: boolean; initialError: string | null; phoneSignIn: boolean };

export function LoginForm({ returnTo, googleEnabled, initialError, phoneSignIn }: Props) {
  const t = useTranslations('login');
  const tAuth = useTranslations('auth');
  const errorText = useErrorText();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const phoneCode = usePhoneCode(phoneSignIn, form.watch('email'));
  const resetCode = usePhoneCode(phoneSignIn, form.watch('email'), '/api/account/password-reset/phone-code');

  if (phoneCode.sent) return <PhoneCodeSteps {...phoneCode.sent} returnTo={returnTo} onOtherNumber={phoneCode.startAgain} />;
  if (resetCode.sent) {
    const passwordSet = () => {
      resetCode.startAgain();
      setError(null);
      setNotice(t('resetByCodeDone'));
    };
    return <PhoneResetSteps {...resetCode.sent} onDone={passwordSet} onOtherNumber={resetCode.startAgain} />;
  }

  async function login(values: LoginInput) {
    setBusy(true);
    setError(null);
    setNotice(null);
    const answer = await postJson('/api/account/login', values);
    if (answer.status === 200) {
      // Even when the session check that was loading at submit time answers late.
      replaceWithReturnPath(returnTo, locale);
      return;
    }
    setBusy(false);
    setError(answer.body.message ? errorText(answer.body) : t('failed'));
  }

  async function resetPassword() {
    if (phoneCode.byPhone) return resetCode.send();
    const email = form.getValues('email');
    const valid = await form.trigger('email');
    if (!valid) return;
    setBusy(true);
    setError(null);
    const answer = await postJson('/api/account/password-reset', { email });
    setBusy(false);
    if (answer.status === 200) setNotice(answer.body.message ? errorText(answer.body) : t('resetSent'));
    else setError(answer.body.message ? errorText(answer.body) : t('resetFailed'));
  }

  if (busy || phoneCode.sending || resetCode.sending) return <Spinner label={phoneCode.sending || resetCode.sending ? phoneCode.sendingLabel : t('signingIn')} />;

  return (
    <div className="space-y-5">
      <HydratedForm noValidate onSubmit={phoneCode.byPhone ? phoneCode.send : form.handleSubmit(login)} className="space-y-4">
        <IdentifierField id="login-email" phoneSignIn={phoneSignIn} error={phoneCode.error ?? resetCode.error ?? (errors.email?.message && errorText(errors.email.message))} {...form.register('email')} />
        {!phoneCode.byPhone && (
          <TextField id="login-password" label={tAuth('password')} type="password" autoComplete="current-password" error={errors.password?.message && errorText(errors.password.message)} {...form.register('password')} />
        )}
        <button type="submit" className="btn-primary w-full">{phoneCode.byPhone ? phoneCode.sendLabel : t('submit')}</button>
      </HydratedForm>
      <p className="text-sm">
        {t('newHere')}{' '}
        <Link href={returnTo === '/' ? '/register' : `/register?from=${encodeURIComponent(returnTo)}`} className="font-semibold text-brand-700 underline">
          {t('createAccount')}
        </Link>
      </p>
      <p className="flex items-center gap-2 text-sm">
        {t('forgotPassword')}
        <button type="button" className="font-semibold text-brand-700 underline" onClick={resetPassword}>
          {t('resetPassword')}
        </button>
      </p>
      {googleEnabled && (
        <>
          <div className="flex items-center gap-3 text-xs text-slate-600" aria-hidden>
            <span className="h-px flex-1 bg-slate-300" /> {t('or')} <span className="h-px flex-1 bg-slate-300" />
          </div>
          <GoogleButton returnTo={returnTo} onStart={() => setBusy(true)} />
        </>
      )}
      {notice && <p role="status" className="text-sm text-green-800">{notice}</p>}
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
    </div>
  );
}
