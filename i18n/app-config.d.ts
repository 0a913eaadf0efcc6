import type { Messages } from './messages';
import type { routing } from './routing';

// Typed messages: t('a.key') that no message file has is a type error.
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: Messages;
  }
}
