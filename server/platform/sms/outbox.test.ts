import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { temporaryOutbox } from '@/tests/support/mail-outbox';
import { outboxProvider } from './outbox';
import { chooseSmsProvider } from './providers';

// The outbox stands in for a gateway in development, the demo and the tests: one file per SMS and
// one log line with its text, so a sign-in code can be read without a phone.

const outbox = temporaryOutbox('kz-sms-outbox-');

const smsFiles = () => readdirSync(outbox.directory).filter((name) => /^sms-.*\.txt$/.test(name));

describe('the SMS outbox', () => {
  let info: jest.SpyInstance;
  beforeEach(() => {
    info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => info.mockRestore());

  it('writes one file per message with its number and text, and logs it on one line', async () => {
    const first = await outboxProvider.send({ to: '+8801712345678', text: 'Knowledge Zone code: 482913' }, 'aaaaaaaaaaaaaaaaaaaa');
    await outboxProvider.send({ to: '+8801812345678', text: 'Knowledge Zone code: 105577' }, 'bbbbbbbbbbbbbbbbbbbb');

    const files = smsFiles();
    expect(files).toHaveLength(2);
    const firstFile = files.find((name) => name.includes('aaaaaaaaaaaaaaaaaaaa')) ?? '';
    expect(first.providerId).toBe(firstFile);
    const written = readFileSync(path.join(outbox.directory, firstFile), 'utf8');
    expect(written).toContain('To: +8801712345678');
    expect(written).toContain('Knowledge Zone code: 482913');
    expect(written).not.toContain('105577');

    const line = `[sms] outbox to=+8801712345678 text="Knowledge Zone code: 482913" file=${path.join(outbox.directory, firstFile)}`;
    expect(info).toHaveBeenCalledWith(line);
    const log = readFileSync(path.join(outbox.directory, 'outbox.log'), 'utf8').trim().split('\n');
    expect(log).toHaveLength(2);
    expect(log[0]).toContain(line);
    // Mail's outbox readers look for .eml files only: an SMS is not taken for an e-mail.
    expect(outbox.mails()).toEqual([]);
  });
});

describe('chooseSmsProvider', () => {
  const none = { SSL_WIRELESS_API_TOKEN: undefined, SSL_WIRELESS_SID: undefined, SSL_WIRELESS_API_URL: undefined };

  it('uses the outbox by default, except on a production server, which then sends none', () => {
    expect(chooseSmsProvider({ NODE_ENV: 'development', SMS_PROVIDER: undefined, ...none })?.name).toBe('outbox');
    expect(chooseSmsProvider({ NODE_ENV: 'test', SMS_PROVIDER: undefined, ...none })?.name).toBe('outbox');
    expect(chooseSmsProvider({ NODE_ENV: 'production', SMS_PROVIDER: undefined, ...none })).toBeNull();
    expect(chooseSmsProvider({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', ...none })?.name).toBe('outbox');
  });

  it('uses SSL Wireless when chosen with its credentials, and refuses it without', () => {
    const credentials = { SSL_WIRELESS_API_TOKEN: 'token', SSL_WIRELESS_SID: 'KZ', SSL_WIRELESS_API_URL: undefined };
    expect(chooseSmsProvider({ NODE_ENV: 'production', SMS_PROVIDER: 'sslwireless', ...credentials })?.name).toBe('sslwireless');
    expect(() => chooseSmsProvider({ NODE_ENV: 'production', SMS_PROVIDER: 'sslwireless', ...none })).toThrow(/SSL_WIRELESS_API_TOKEN and SSL_WIRELESS_SID/);
  });
});

describe('the SMS settings', () => {
  const NAMES = ['SMS_PROVIDER', 'SSL_WIRELESS_API_TOKEN', 'SSL_WIRELESS_SID', 'SSL_WIRELESS_API_URL', 'SMS_DAILY_CAP'] as const;

  /** env() as a fresh server would read it with these settings. */
  function readWith(settings: Partial<Record<(typeof NAMES)[number], string>>): () => unknown {
    const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
    for (const name of NAMES) delete process.env[name];
    Object.assign(process.env, settings);
    try {
      let env: () => unknown = () => undefined;
      jest.isolateModules(() => {
        env = (jest.requireActual('../env') as typeof import('../env')).env;
      });
      const settingsRead = (() => {
        try {
          return { value: env() };
        } catch (error) {
          return { error };
        }
      })();
      return () => {
        if ('error' in settingsRead) throw settingsRead.error;
        return settingsRead.value;
      };
    } finally {
      for (const name of NAMES) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    }
  }

  it('refuses sslwireless without its token and sender id, naming them', () => {
    expect(readWith({ SMS_PROVIDER: 'sslwireless', SSL_WIRELESS_SID: 'KZ' })).toThrow(/SMS_PROVIDER: sslwireless needs SSL_WIRELESS_API_TOKEN and SSL_WIRELESS_SID/);
    expect(readWith({ SMS_PROVIDER: 'sslwireless', SSL_WIRELESS_API_TOKEN: 'token', SSL_WIRELESS_SID: 'KZ' })()).toMatchObject({ SMS_PROVIDER: 'sslwireless' });
  });

  it('refuses an unknown provider and a cap that is not a positive whole number; the cap defaults to 2000', () => {
    expect(readWith({ SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER: must be outbox or sslwireless/);
    expect(readWith({ SMS_DAILY_CAP: '0' })).toThrow(/SMS_DAILY_CAP/);
    expect(readWith({ SMS_DAILY_CAP: '2.5' })).toThrow(/SMS_DAILY_CAP/);
    expect(readWith({ SSL_WIRELESS_API_URL: 'ftp://example.com' })).toThrow(/SSL_WIRELESS_API_URL/);
    const defaults = readWith({})();
    expect(defaults).toMatchObject({ SMS_DAILY_CAP: 2000 });
    expect(defaults).not.toHaveProperty('SMS_PROVIDER', expect.anything());
  });
});
