import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpListener } from '@/tests/support/smtp-listener';
import type { SmtpListener } from '@/tests/support/smtp-listener';

// env() is read once per module instance, so each scenario loads a fresh copy of the mail module
// after setting the variables it needs.
type MailModule = typeof import('./mail');

async function loadMail(settings: Record<string, string | undefined>): Promise<MailModule> {
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  jest.resetModules();
  return import('./mail');
}

const message = {
  to: 'support@knowledgezone.example',
  subject: 'Question about Class 9 Physics',
  text: 'Hello,\n.a line that starts with a dot\nVerify here: http://127.0.0.1:3000/verify?token=abc123.\nThanks',
};

describe('sendMail over SMTP', () => {
  let listener: SmtpListener;

  beforeAll(async () => {
    listener = await startSmtpListener();
  });

  afterAll(async () => {
    await listener.close();
  });

  it('delivers the message to the SMTP server named by SMTP_URL', async () => {
    const mail = await loadMail({ SMTP_URL: listener.url, MAIL_FROM: 'Knowledge Zone <no-reply@knowledgezone.example>' });

    const delivery = await mail.sendMail(message);
    const received = await listener.nextMessage();

    expect(delivery).toMatchObject({ transport: 'smtp', accepted: [message.to] });
    expect(received.from).toBe('no-reply@knowledgezone.example');
    expect(received.to).toEqual([message.to]);
    expect(received.data).toContain(`Subject: ${message.subject}`);
    expect(received.data).toContain(`To: ${message.to}`);
    expect(received.data).toContain('.a line that starts with a dot');
    expect(received.data).toContain('http://127.0.0.1:3000/verify?token=abc123');
  });

  it('sends the HTML part alongside the text', async () => {
    const mail = await loadMail({ SMTP_URL: listener.url });

    await mail.sendMail({ ...message, html: '<p>Hello <strong>there</strong></p>' });
    const received = await listener.nextMessage();

    expect(received.data).toMatch(/Content-Type: multipart\/alternative/);
    expect(received.data).toContain('<strong>there</strong>');
  });

  it('fails when the SMTP server cannot be reached', async () => {
    const closed = await startSmtpListener();
    await closed.close();
    const mail = await loadMail({ SMTP_URL: closed.url });

    await expect(mail.sendMail(message)).rejects.toThrow();
  });
});

describe('sendMail without SMTP_URL', () => {
  let dir: string;
  let info: jest.SpyInstance;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kz-outbox-'));
    info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
  });

  afterEach(() => {
    info.mockRestore();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes an .eml file to the outbox and logs subject, recipient and links', async () => {
    const mail = await loadMail({ SMTP_URL: undefined, MAIL_OUTBOX_DIR: dir });

    const delivery = await mail.sendMail(message);

    expect(mail.outboxDir()).toBe(dir);
    expect(delivery.transport).toBe('outbox');
    const files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const [file] = files;
    const raw = readFileSync(path.join(dir, file ?? ''), 'utf8');
    expect(raw).toContain(`To: ${message.to}`);
    expect(raw).toContain(`Subject: ${message.subject}`);
    expect(raw).toContain('Verify here: http://127.0.0.1:3000/verify?token=abc123.');

    const log = readFileSync(path.join(dir, 'outbox.log'), 'utf8');
    expect(log).toContain(`to=${message.to}`);
    expect(log).toContain(`subject="${message.subject}"`);
    expect(log).toContain('links=http://127.0.0.1:3000/verify?token=abc123 ');
    expect(info).toHaveBeenCalledWith(expect.stringContaining(`to=${message.to}`));
  });

  it('keeps one file per message', async () => {
    const mail = await loadMail({ SMTP_URL: undefined, MAIL_OUTBOX_DIR: dir });

    await mail.sendMail(message);
    await mail.sendMail({ ...message, subject: 'Second message' });

    expect(readdirSync(dir).filter((name) => name.endsWith('.eml'))).toHaveLength(2);
  });
});

describe('linksIn', () => {
  it('collects distinct links from text and HTML without trailing punctuation', async () => {
    const mail = await loadMail({});
    expect(
      mail.linksIn({
        to: 'a@b.co',
        subject: 's',
        text: 'Open https://example.com/a, then (https://example.com/b).',
        html: '<a href="https://example.com/a">a</a>',
      }),
    ).toEqual(['https://example.com/a', 'https://example.com/b']);
  });
});
