import 'server-only';
import { z } from 'zod';
import type { ExternalLinks } from '@/lib/external-links';

// Every setting the server reads, validated once. Optional features (Google, SMTP) are off when
// their variables are absent; nothing falls back silently to an empty string.
const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const mongodbUri = z
  .string({ error: 'MONGODB_URI is not set (npm run app starts the embedded database and sets it)' })
  .regex(/^mongodb(\+srv)?:\/\//, 'MONGODB_URI must be a mongodb:// or mongodb+srv:// URL');

/** The database address alone: scripts such as the seed need nothing else. */
export function databaseUri(): string {
  const parsed = mongodbUri.safeParse(process.env.MONGODB_URI);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid MONGODB_URI');
  return parsed.data;
}

/** `scheme://host[:port]` of an http(s) address with nothing after the host; null for anything else. */
function originOf(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return (url.protocol === 'https:' || url.protocol === 'http:') && bare ? url.origin : null;
}

/**
 * Comma-separated origins, each as browsers send it in `Origin`. A wildcard is refused: the CORS
 * answers allow credentials, which browsers never combine with `*`, and naming each origin keeps
 * every other site from reading a signed-in caller's answers.
 */
const allowedOriginsSetting = z
  .string()
  .default('')
  .transform((value, context) => {
    const origins: string[] = [];
    for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
      const origin = originOf(entry);
      if (origin) origins.push(origin);
      else context.addIssue({ code: 'custom', message: `"${entry}" is not an origin such as https://old-client.example (scheme, host and optional port; no path, no *)` });
    }
    return origins;
  });

/** An optional public http(s) address; empty means unset. */
const optionalLink = optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  MONGODB_URI: mongodbUri,
  AUTH_SECRET: z.string().min(16, 'AUTH_SECRET must be at least 16 characters (scripts/setup.sh creates one)'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  /** Only for tests: the OpenID issuer that stands in for Google. */
  GOOGLE_ISSUER: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Knowledge Zone <no-reply@knowledgezone.example>'),
  SITE_URL: z.string().url().default('http://127.0.0.1:3000'),
  /** Origins whose browsers may call /api and read its answers (server/platform/cors.ts): the old client's host. Unset: none. */
  ALLOWED_ORIGINS: allowedOriginsSetting,
  /** Where mail lands when SMTP_URL is unset (relative to the working directory). */
  MAIL_OUTBOX_DIR: z.string().trim().min(1).default('.data/outbox'),
  /**
   * How SMS (phone sign-in codes) are sent (server/platform/sms/): `outbox` writes each message to
   * MAIL_OUTBOX_DIR and the log, `sslwireless` sends it through SSL Wireless. Unset: the outbox,
   * except on a production server, which then sends no SMS at all rather than logging codes.
   */
  SMS_PROVIDER: optional.pipe(z.enum(['outbox', 'sslwireless'], { error: 'must be outbox or sslwireless' }).optional()),
  /** SSL Wireless's API token and sender id (SID), both needed for SMS_PROVIDER=sslwireless. */
  SSL_WIRELESS_API_TOKEN: optional,
  SSL_WIRELESS_SID: optional,
  /** Another SSL Wireless address (a local stand-in in tests); unset: https://smsplus.sslwireless.com. */
  SSL_WIRELESS_API_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional()),
  /**
   * SMS queued for the whole site per UTC day: past it sending pauses until the next day and the
   * admins are e-mailed, so a flood of code requests cannot run up the gateway's bill.
   */
  SMS_DAILY_CAP: z.coerce.number().int().min(1, 'must be a whole number of at least 1').default(2000),
  /** Contact-form submissions allowed per IP within CONTACT_WINDOW_SECONDS. */
  CONTACT_MAX_PER_IP: z.coerce.number().int().min(1).default(5),
  CONTACT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * Password sign-in within LOGIN_WINDOW_SECONDS (server/accounts/login-attempts.ts): wrong passwords for one
   * account from one client address before that pair is refused (429); from as many on the account
   * (any client) its owner is e-mailed and its sign-ins are slowed. Past LOGIN_MAX_FAILURES_PER_IP
   * wrong passwords from one address, its sign-ins are slowed (never refused). The wait starts at
   * LOGIN_DELAY_MS, doubles with each further failure, and stops growing at LOGIN_MAX_DELAY_MS.
   */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  LOGIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  LOGIN_MAX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** New accounts allowed per IP and for the whole site within REGISTER_WINDOW_SECONDS. */
  REGISTER_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  REGISTER_MAX_TOTAL: z.coerce.number().int().min(1).default(300),
  REGISTER_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** Image upload attempts allowed per account within UPLOAD_WINDOW_SECONDS (failed ones count too: each is decoded). */
  UPLOAD_MAX_PER_USER: z.coerce.number().int().min(1).default(30),
  UPLOAD_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** Stripe card payments: on when the secret key is set; otherwise the local sandbox gateway. */
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  /** Signing secret of the webhook endpoint (/api/stripe/webhook); without it webhooks are refused. */
  STRIPE_WEBHOOK_SECRET: optional,
  /** Only for tests: the address of a Stripe API stand-in (stripe-mock), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: optional,
  /**
   * SSLCommerz (cards, mobile banking, net banking, in taka): offered when the store id and
   * password are set. SSLCOMMERZ_MODE picks its live or sandbox gateway; SSLCOMMERZ_API_URL points
   * at another one instead (the local simulator in the demo and the tests).
   */
  SSLCOMMERZ_STORE_ID: optional,
  SSLCOMMERZ_STORE_PASSWORD: optional,
  SSLCOMMERZ_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  SSLCOMMERZ_API_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * bKash Tokenized Checkout (in taka): offered when all four credentials are set. BKASH_MODE picks
   * the live or sandbox API; BKASH_API_URL points at another one (the local simulator).
   */
  BKASH_APP_KEY: optional,
  BKASH_APP_SECRET: optional,
  BKASH_USERNAME: optional,
  BKASH_PASSWORD: optional,
  BKASH_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  BKASH_API_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The SNS topic bKash publishes this merchant's notifications to (/api/payments/bkash/webhook); unset: webhooks are refused. */
  BKASH_SNS_TOPIC_ARN: optional,
  /** Only for tests and the demo: an origin whose SNS signing certificates are trusted besides Amazon's (server/commerce/payments/bkash/sns.ts). */
  BKASH_SNS_TRUSTED_CERT_ORIGIN: optional,
  BKASH_SNS_ALLOW_TRUSTED_CERT_ORIGIN_IN_PRODUCTION: optional,
  /**
   * The operator's explicit choice to take test-card payments through the sandbox gateway on a
   * production server (e.g. a staging demo); without it and without Stripe keys checkout is off.
   */
  ALLOW_SANDBOX_PAYMENTS: z.enum(['true', 'false']).default('false'),
  /**
   * The local demo: set by `npm run app` only when it starts the embedded database. The sandbox
   * gateway takes the payments and every page says so (components/layout/demo-banner.tsx).
   */
  KZ_DEMO_MODE: z.enum(['true', 'false']).default('false'),
  /** The footer's app-store and social links (lib/external-links.ts): each hidden while unset. */
  APP_GOOGLE_PLAY_URL: optionalLink,
  APP_STORE_URL: optionalLink,
  SOCIAL_FACEBOOK_URL: optionalLink,
  SOCIAL_YOUTUBE_URL: optionalLink,
  SOCIAL_INSTAGRAM_URL: optionalLink,
  SOCIAL_LINKEDIN_URL: optionalLink,
});

export type Env = z.infer<typeof envSchema>;

/**
 * Settings that only make sense together. Checked on the whole environment alone: the pieces
 * picked from envSchema below must stay plain objects, which zod refuses to pick from once refined.
 */
const checkedEnvSchema = envSchema.superRefine((settings, context) => {
  if (settings.SMS_PROVIDER === 'sslwireless' && !(settings.SSL_WIRELESS_API_TOKEN && settings.SSL_WIRELESS_SID)) {
    context.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'sslwireless needs SSL_WIRELESS_API_TOKEN and SSL_WIRELESS_SID' });
  }
});

/** The settings `schema` picks from the environment, or an error naming every problem. */
function parseSettings<Schema extends z.ZodType>(schema: Schema, what: string): z.infer<Schema> {
  const parsed = schema.safeParse(process.env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
  throw new Error(`Invalid ${what}:\n${problems}`);
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseSettings(checkedEnvSchema, 'environment');
  return cached;
}

let cachedSiteUrl: string | undefined;

/** The public address, alone: read while `next build` renders pages, which needs no database or AUTH_SECRET. */
export function siteUrl(): string {
  cachedSiteUrl ??= parseSettings(envSchema.pick({ SITE_URL: true }), 'SITE_URL').SITE_URL;
  return cachedSiteUrl;
}

let cachedAllowedOrigins: ReadonlySet<string> | undefined;

/** ALLOWED_ORIGINS alone (server/platform/cors.ts): answering a CORS preflight needs no other setting. */
export function allowedOrigins(): ReadonlySet<string> {
  cachedAllowedOrigins ??= new Set(parseSettings(envSchema.pick({ ALLOWED_ORIGINS: true }), 'ALLOWED_ORIGINS').ALLOWED_ORIGINS);
  return cachedAllowedOrigins;
}

const paymentSettingsSchema = envSchema.pick({
  NODE_ENV: true,
  STRIPE_SECRET_KEY: true,
  STRIPE_PUBLISHABLE_KEY: true,
  ALLOW_SANDBOX_PAYMENTS: true,
  KZ_DEMO_MODE: true,
  SSLCOMMERZ_STORE_ID: true,
  SSLCOMMERZ_STORE_PASSWORD: true,
  SSLCOMMERZ_MODE: true,
  SSLCOMMERZ_API_URL: true,
  BKASH_APP_KEY: true,
  BKASH_APP_SECRET: true,
  BKASH_USERNAME: true,
  BKASH_PASSWORD: true,
  BKASH_MODE: true,
  BKASH_API_URL: true,
  BKASH_SNS_TOPIC_ARN: true,
  BKASH_SNS_TRUSTED_CERT_ORIGIN: true,
  BKASH_SNS_ALLOW_TRUSTED_CERT_ORIGIN_IN_PRODUCTION: true,
});

export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

let cachedPaymentSettings: PaymentSettings | undefined;

/**
 * Only the settings that decide how orders are paid. The root layout reads them on every page
 * (the demo banner), also while `next build` prerenders without a database or AUTH_SECRET.
 */
export function paymentSettings(): PaymentSettings {
  cachedPaymentSettings ??= parseSettings(paymentSettingsSchema, 'payment settings');
  return cachedPaymentSettings;
}

export function googleEnabled(): boolean {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET);
}

const externalLinksSchema = envSchema.pick({
  APP_GOOGLE_PLAY_URL: true,
  APP_STORE_URL: true,
  SOCIAL_FACEBOOK_URL: true,
  SOCIAL_YOUTUBE_URL: true,
  SOCIAL_INSTAGRAM_URL: true,
  SOCIAL_LINKEDIN_URL: true,
});

let cachedExternalLinks: ExternalLinks | undefined;

/** The footer's links, alone: every page renders them, also while `next build` runs without the other settings. */
export function externalLinks(): ExternalLinks {
  if (!cachedExternalLinks) {
    const links = parseSettings(externalLinksSchema, 'footer links');
    cachedExternalLinks = {
      googlePlay: links.APP_GOOGLE_PLAY_URL,
      appStore: links.APP_STORE_URL,
      facebook: links.SOCIAL_FACEBOOK_URL,
      youtube: links.SOCIAL_YOUTUBE_URL,
      instagram: links.SOCIAL_INSTAGRAM_URL,
      linkedin: links.SOCIAL_LINKEDIN_URL,
    };
  }
  return cachedExternalLinks;
}
