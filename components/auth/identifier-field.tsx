'use client';

import { useTranslations } from 'next-intl';
import type { ComponentPropsWithRef } from 'react';
import { TextField } from '@/components/ui/text-field';

type Props = ComponentPropsWithRef<'input'> & { id: string; phoneSignIn: boolean; error?: string };

/** The sign-in forms' first field: an e-mail address, or where SMS codes are sent, a mobile number or an e-mail address. */
export function IdentifierField({ phoneSignIn, ...field }: Props) {
  const tAuth = useTranslations('auth');
  const t = useTranslations('phoneSignIn');
  if (!phoneSignIn) return <TextField label={tAuth('email')} type="email" autoComplete="email" {...field} />;
  return (
    <div>
      <TextField label={t('identifier')} type="text" autoComplete="username" aria-describedby={`${field.id}-error ${field.id}-help`} {...field} />
      <p id={`${field.id}-help`} className="text-xs text-slate-600">{t('identifierHelp')}</p>
    </div>
  );
}
