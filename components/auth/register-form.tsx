'use client';

import { zodResolver } from '@hookform/resolvers/zod';
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

type Props = { returnTo: string; googleEnabled: boolean };

export function RegisterForm({ returnTo, googleEnabled }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<RegisterInput>({ resolver: zodResolver(registerSchema), defaultValues: { name: '', email: '', password: '' } });
  const { errors } = form.formState;

  async function register(values: RegisterInput) {
    setBusy(true);
    setError(null);
    setNotice(null);
    const answer = await postJson('/api/account/register', values);
    if (answer.status === 200 && answer.body.signedIn === true) {
      // Even when the session check that was loading at submit time answers late.
      replaceWithReturnPath(returnTo);
      return;
    }
    setBusy(false);
    if (answer.status === 200) setNotice(answer.body.message ?? 'Check your e-mail to continue.');
    else setError(answer.body.message ?? 'Registration failed. Please try again.');
  }

  if (busy) return <Spinner label="Creating your account…" />;

  return (
    <div className="space-y-5">
      <HydratedForm noValidate onSubmit={form.handleSubmit(register)} className="space-y-4">
        <TextField id="register-name" label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextField id="register-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <TextField id="register-password" label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
        <button type="submit" className="btn-primary w-full">Register</button>
      </HydratedForm>
      <p className="text-sm">
        Already have an account?{' '}
        <Link href={returnTo === '/' ? '/login' : `/login?from=${encodeURIComponent(returnTo)}`} className="font-semibold text-brand-700 underline">
          Please Login
        </Link>
      </p>
      {googleEnabled && <GoogleButton returnTo={returnTo} onStart={() => setBusy(true)} />}
      {notice && <p role="status" className="text-sm text-green-800">{notice}</p>}
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
    </div>
  );
}
