'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { registerSchema } from '@/lib/schemas/auth';
import type { RegisterInput } from '@/lib/schemas/auth';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { GoogleButton } from './google-button';
import { IdentifierField } from './identifier-field';
import { PhoneCodeSteps } from './phone-code-steps';
import { usePhoneCode } from './use-phone-code';
import { postJson } from './post-json';
import { replaceWithReturnPath } from './return-to';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { useErrorText } from '@/i18n/use-error-text';

/** `phoneSignIn`: the server sends SMS codes, so an account can also be made with a mobile number. */
type Props = { returnTo: string; googleEnabled: boolean; phoneSignIn: boolean };

export function RegisterForm({ returnTo, googleEnabled, phoneSignIn }: Props) {
  const t = useTranslations('register');
  const tAuth = useTranslations('auth');
  const errorText = useErrorText();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<RegisterInput>({ resolver: zodResolver(registerSchema), defaultValues: { name: '', email: '', password: '' } });
  const { errors } = form.formState;
  const phoneCode = usePhoneCode(phoneSignIn, form.watch('email'));

  /** With a number, the name is checked here and given to the account once the code is right. */
  async function sendCode(event: FormEvent) {
    event.preventDefault();
    if (await form.trigger('name')) await phoneCode.send();
  }

  async function register(values: RegisterInput) {
    setBusy(true);
    setError(null);
    setNotice(null);
    // The account's e-mails are written in the language it was made in.
    const answer = await postJson('/api/account/register', { ...values, locale });
    if (answer.status === 200 && answer.body.signedIn === true) {
      // Even when the session check that was loading at submit time answers late.
      replaceWithReturnPath(returnTo, locale);
      return;
    }
    setBusy(false);
    if (answer.status === 200) setNotice(answer.body.message ? errorText(answer.body) : t('checkEmail'));
    else setError(answer.body.message ? errorText(answer.body) : t('failed'));
  }

  if (phoneCode.sent) return <PhoneCodeSteps {...phoneCode.sent} knownName={form.getValues('name')} returnTo={returnTo} onOtherNumber={phoneCode.startAgain} />;
  if (busy || phoneCode.sending) return <Spinner label={phoneCode.sending ? phoneCode.sendingLabel : t('creating')} />;

  return (
    <div className="space-y-5">
      <HydratedForm noValidate onSubmit={phoneCode.byPhone ? sendCode : form.handleSubmit(register)} className="space-y-4">
        <TextField id="register-name" label={tAuth('name')} autoComplete="name" error={errors.name?.message && errorText(errors.name.message)} {...form.register('name')} />
        <IdentifierField id="register-email" phoneSignIn={phoneSignIn} error={phoneCode.error ?? (errors.email?.message && errorText(errors.email.message))} {...form.register('email')} />
        {!phoneCode.byPhone && (
          <TextField id="register-password" label={tAuth('password')} type="password" autoComplete="new-password" error={errors.password?.message && errorText(errors.password.message)} {...form.register('password')} />
        )}
        <button type="submit" className="btn-primary w-full">{phoneCode.byPhone ? phoneCode.sendLabel : t('submit')}</button>
      </HydratedForm>
      <p className="text-sm">
        {t('haveAccount')}{' '}
        <Link href={returnTo === '/' ? '/login' : `/login?from=${encodeURIComponent(returnTo)}`} className="font-semibold text-brand-700 underline">
          {tAuth('pleaseLogin')}
        </Link>
      </p>
      {googleEnabled && <GoogleButton returnTo={returnTo} onStart={() => setBusy(true)} />}
      {notice && <p role="status" className="text-sm text-green-800">{notice}</p>}
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
    </div>
  );
}
