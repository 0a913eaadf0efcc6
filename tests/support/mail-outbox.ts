import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Sends this test file's mail to a directory of its own (server/platform/mail.ts writes each message as an
 * .eml file there when no SMTP server is configured), emptied before each test and removed after
 * the file. Call it at the top of the file, before the modules under test are imported.
 */
export function temporaryOutbox(prefix: string) {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  process.env.MAIL_OUTBOX_DIR = directory;
  delete process.env.SMTP_URL;
  beforeEach(() => {
    for (const file of readdirSync(directory)) rmSync(path.join(directory, file), { force: true });
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  const mails = () => readdirSync(directory).filter((name) => name.endsWith('.eml'));
  const read = (name: string) => readFileSync(path.join(directory, name), 'utf8');
  return {
    directory,
    /** The file names of the messages sent so far. */
    mails,
    /** The raw messages sent so far. */
    messages: () => mails().map(read),
    /** The names of the files written so far that start with `prefix` (SMS: `sms-`). */
    files: (prefix: string) => readdirSync(directory).filter((name) => name.startsWith(prefix)),
    /** A file's text. */
    read,
    /** The subjects of the messages sent so far. */
    subjects: () => mails().map((name) => /^Subject: (.*)$/m.exec(read(name))?.[1] ?? ''),
  };
}
