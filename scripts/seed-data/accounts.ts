import type { Role } from '@/server/platform/documents';

export type DemoAccount = { name: string; email: string; password: string; role: Role };

/**
 * Sign-in accounts the seed creates (verified) when their e-mail is free. Tests import these, so
 * they are local demo credentials only: never seed them into a shared or production database.
 */
export const DEMO_ACCOUNTS = {
  admin: { name: 'Demo Admin', email: 'admin@knowledgezone.test', password: 'KzAdmin#2026', role: 'admin' },
  student: { name: 'Demo Student', email: 'student@knowledgezone.test', password: 'KzStudent#2026', role: 'user' },
} as const satisfies Record<string, DemoAccount>;
