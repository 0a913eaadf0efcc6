'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { registerSchema } from '@/lib/schemas/auth';
import type { RegisterInput } from '@/lib/schemas/auth';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { GoogleButton } from './google-button';
import { postJson } from './post-json';
import { replaceWithReturnPath } from './return-to';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { useErrorText } from '@/i18n/use-error-text';

type Props = { returnTo: string; googleEnabled: boolean };

export function RegisterForm({ returnTo, googleEnabled }: Props) {
  const t = useTranslations('register');
  const tAuth = useTranslations('auth');
  const errorText = useErrorText();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<RegisterInput>({ resolver: zodResolver(registerSchema), defaultValues: { name: '', email: '', password: '' } });
  const { errors } = form.formState;

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

  if (busy) return <Spinner label={t('creating')} />;

  return (
    <div className="space-y-5">
      <HydratedForm noValidate onSubmit={form.handleSubmit(register)} className="space-y-4">
        <TextField id="register-name" label={tAuth('name')} autoComplete="name" error={errors.name?.message && errorText(errors.name.message)} {...form.register('name')} />
        <TextField id="register-email" label={tAuth('email')} type="email" autoComplete="email" error={errors.email?.message && errorText(errors.email.message)} {...form.register('email')} />
        <TextField id="register-password" label={tAuth('password')} type="password" autoComplete="new-password" error={errors.password?.message && errorText(errors.password.message)} {...form.register('password')} />
        <button type="submit" className="btn-primary w-full">{t('submit')}</button>
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
