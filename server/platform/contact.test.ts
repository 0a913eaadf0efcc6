import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeDb, getDb } from './db';

// The contact module reads env() once, so the outbox folder and limits are set before it loads.
const outbox = mkdtempSync(path.join(tmpdir(), 'kz-contact-outbox-'));
process.env.MAIL_OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;
process.env.CONTACT_MAX_PER_IP = '3';
process.env.CONTACT_WINDOW_SECONDS = '600';

type ContactModule = typeof import('./contact');
let contact: ContactModule;

beforeAll(async () => {
  contact = await import('./contact');
});

beforeEach(async () => {
  const db = await getDb();
  await db.collection('contactMessages').deleteMany({ subject: { $regex: '^Unit test: ' } });
  await db.collection<{ _id: string }>('rateLimits').deleteMany({ _id: { $regex: '^contact:ip:203\\.0\\.113\\.' } });
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  rmSync(outbox, { recursive: true, force: true });
  await closeDb();
});

const input = { firstName: 'Ayesha', lastName: 'Rahman', subject: 'Unit test: Class 9 batch', message: 'When does the next Class 9 batch start?' };

describe('submitContactMessage', () => {
  it('stores the message and e-mails it to the support address', async () => {
    const { id, mailed } = await contact.submitContactMessage(input);

    expect(mailed).toBe(true);
    const stored = await (await getDb()).collection('contactMessages').findOne({ subject: input.subject });
    expect(stored).toMatchObject({ ...input, mail: { status: 'sent', transport: 'outbox' } });
    expect(stored?._id.toHexString()).toBe(id);

    const [file] = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    const raw = readFileSync(path.join(outbox, file ?? ''), 'utf8');
    expect(raw).toContain('To: support@knowledgezone.example');
    expect(raw).toContain('Subject: Contact form: Unit test: Class 9 batch');
    expect(raw).toContain('Name: Ayesha Rahman');
    expect(raw).toContain(input.message);
  });
});

describe('contact rate limit', () => {
  it('blocks an address after the allowed number of submissions, and only that address', async () => {
    for (let count = 0; count < 3; count += 1) {
      expect(await contact.contactBlockedForSeconds('203.0.113.7')).toBe(0);
      await contact.recordContactSubmission('203.0.113.7');
    }
    const wait = await contact.contactBlockedForSeconds('203.0.113.7');
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    expect(await contact.contactBlockedForSeconds('203.0.113.8')).toBe(0);
  });
});
