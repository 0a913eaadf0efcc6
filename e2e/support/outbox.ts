import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

// The test server has no SMTP_URL, so every e-mail lands as an .eml file in the local outbox
// (MAIL_OUTBOX_DIR, default .data/outbox under the repository root, where the server runs).
const OUTBOX_DIR = path.resolve(process.env.E2E_MAIL_OUTBOX_DIR ?? '.data/outbox');

/** Messages are stored quoted-printable: join soft line breaks and decode =XX escapes. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A stored message with its body readable: quoted-printable decoded, or a base64 body (mail in Bengali) decoded. */
function readable(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  if (!/^Content-Transfer-Encoding: base64/im.test(headers)) return decodeQuotedPrintable(raw);
  return `${headers}\n\n${Buffer.from(raw.slice(split).replace(/\s+/g, ''), 'base64').toString('utf8')}`;
}

async function newestFirst(): Promise<string[]> {
  const names = (await readdir(OUTBOX_DIR).catch(() => [])).filter((name) => name.endsWith('.eml'));
  const stamped = await Promise.all(names.map(async (name) => ({ name, time: (await stat(path.join(OUTBOX_DIR, name))).mtimeMs })));
  return stamped.sort((a, b) => b.time - a.time).map((entry) => path.join(OUTBOX_DIR, entry.name));
}

/**
 * Waits for the newest e-mail to `to` carrying a `linkPath?token=…` link and answers that link's
 * path and query (the journey opens it on the test server's own origin).
 */
export async function waitForMailedLink(to: string, linkPath: string, timeoutMs = 15_000): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+(${linkPath.replace(/[/\\^$*+?.()|[\]{}-]/g, '\\$&')}\\?token=[A-Za-z0-9_%-]+)`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of await newestFirst()) {
      const message = readable(await readFile(file, 'utf8'));
      const headers = message.slice(0, message.search(/\r?\n\r?\n/));
      if (!new RegExp(`^To:.*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(headers)) continue;
      const link = pattern.exec(message)?.[1];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${to} with a ${linkPath} link arrived in ${OUTBOX_DIR}`);
}
