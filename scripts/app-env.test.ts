import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// What `npm run app` serves with (scripts/app-env.sh): the demo shop only on the embedded
// database, never the sandbox gateway for a real database, and .env.local never overridden by the
// script's defaults (otherwise the app command would sell everything for the public test card 4242).

const ROOT = path.resolve(__dirname, '..');
const SETTINGS = ['USE_EMBEDDED_DB', 'MONGODB_URI', 'KZ_DEMO_MODE', 'ALLOW_SANDBOX_PAYMENTS', 'PORT', 'HOST', 'SITE_URL'] as const;
type Settings = Partial<Record<(typeof SETTINGS)[number], string>>;

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kz-app-env-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The settings decide_app_settings leaves for the server, started from a clean environment. */
function decide(environment: Record<string, string> = {}, envLocal?: string): Settings {
  if (envLocal !== undefined) writeFileSync(path.join(dir, '.env.local'), envLocal);
  const script = `source scripts/lib.sh && source scripts/app-env.sh && decide_app_settings "$1" && export USE_EMBEDDED_DB && env -0`;
  // A clean environment (env -i): only what the case sets, as in a shell that runs `npm run app`.
  const variables = Object.entries({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? dir, ...environment }).map(([name, value]) => `${name}=${value}`);
  const output = execFileSync('env', ['-i', ...variables, 'bash', '-c', script, 'decide', dir], { cwd: ROOT, encoding: 'utf8' });
  const settings: Settings = {};
  for (const entry of output.split('\0')) {
    const name = SETTINGS.find((candidate) => entry.startsWith(`${candidate}=`));
    if (name) settings[name] = entry.slice(name.length + 1);
  }
  return settings;
}

describe('the app command settings', () => {
  it('is the demo shop on the embedded database: sandbox by KZ_DEMO_MODE, not ALLOW_SANDBOX_PAYMENTS', () => {
    expect(decide()).toEqual({
      USE_EMBEDDED_DB: '1',
      KZ_DEMO_MODE: 'true',
      PORT: '3000',
      HOST: '127.0.0.1',
      SITE_URL: 'http://127.0.0.1:3000',
    });
  });

  it('turns nothing on for a real database: no demo, no sandbox, even without Stripe keys', () => {
    const settings = decide({ MONGODB_URI: 'mongodb://db.example:27017/kz' });
    expect(settings).toMatchObject({ USE_EMBEDDED_DB: '0', MONGODB_URI: 'mongodb://db.example:27017/kz' });
    expect(settings.KZ_DEMO_MODE).toBeUndefined();
    expect(settings.ALLOW_SANDBOX_PAYMENTS).toBeUndefined();
  });

  it('never exports the sandbox switch itself (the old script set ALLOW_SANDBOX_PAYMENTS=true without Stripe keys)', () => {
    // Only comments may name it.
    for (const script of ['scripts/app.sh', 'scripts/app-env.sh']) {
      expect(readFileSync(path.join(ROOT, script), 'utf8')).not.toMatch(/^[^#]*ALLOW_SANDBOX_PAYMENTS/m);
    }
  });

  it('takes MONGODB_URI, PORT, HOST, SITE_URL and KZ_DEMO_MODE from .env.local instead of its defaults', () => {
    const settings = decide(
      {},
      ['MONGODB_URI=mongodb://db.example:27017/kz', 'PORT=8080', 'HOST=0.0.0.0', 'SITE_URL="https://shop.example"', 'KZ_DEMO_MODE=false', ''].join('\n'),
    );
    expect(settings).toEqual({
      USE_EMBEDDED_DB: '0',
      MONGODB_URI: 'mongodb://db.example:27017/kz',
      KZ_DEMO_MODE: 'false',
      PORT: '8080',
      HOST: '0.0.0.0',
      SITE_URL: 'https://shop.example',
    });
  });

  it('keeps an explicit KZ_DEMO_MODE=false on the embedded database, and the environment wins over .env.local', () => {
    expect(decide({ PORT: '4000' }, 'PORT=5000\nKZ_DEMO_MODE=false\n')).toMatchObject({
      USE_EMBEDDED_DB: '1',
      KZ_DEMO_MODE: 'false',
      PORT: '4000',
      SITE_URL: 'http://127.0.0.1:4000',
    });
  });
});
