// The messages of each language: one file per language (messages/en.json, messages/bn.json).
import type en from '@/messages/en.json';
import type { Locale } from './routing';

export type Messages = typeof en;

export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await import(`@/messages/${locale}.json`)).default as Messages;
}
