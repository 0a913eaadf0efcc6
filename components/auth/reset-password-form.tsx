'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { resetPasswordSchema } from '@/lib/schemas/account';
import type { ResetPasswordInput } from '@/lib/schemas/account';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { postJson } from './post-json';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { useErrorText } from '@/i18n/use-error-text';

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('resetPassword');
  const tAuth = useTranslations('auth');
  const errorText = useErrorText();
  const [state, setState] = useState<'form' | 'busy' | 'done'>('form');
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { token, password: '' } });
  const { errors } = form.formState;

  async function submit(values: ResetPasswordInput) {
    setState('busy');
    setError(null);
    const answer = await postJson('/api/account/password-reset/confirm', values);
    if (answer.status === 200) return setState('done');
    setState('form');
    setError(answer.body.message ? errorText(answer.body) : t('failed'));
  }

  if (state === 'busy') return <Spinner label={t('saving')} />;
  if (state === 'done') {
    return (
      <div role="status" className="space-y-4 text-center">
        <p className="text-green-800">{t('changed')}</p>
        <Link href="/login" className="btn-primary">{tAuth('pleaseLogin')}</Link>
      </div>
    );
  }
  const fieldError = errors.password?.message ?? errors.token?.message;
  return (
    <HydratedForm noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
      <input type="hidden" {...form.register('token')} />
      <TextField id="new-password" label={t('newPassword')} type="password" autoComplete="new-password" error={fieldError && errorText(fieldError)} {...form.register('password')} />
      <button type="submit" className="btn-primary w-full">{t('submit')}</button>
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
    </HydratedForm>
  );
}
