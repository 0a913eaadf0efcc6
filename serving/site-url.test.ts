import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { productionSiteUrl } from './site-url.mjs';

describe('the production server and SITE_URL', () => {
  it('takes an http or https address and refuses a missing or malformed one with what to set', () => {
    expect(productionSiteUrl({ SITE_URL: 'https://knowledgezone.example/' })).toEqual({ siteUrl: 'https://knowledgezone.example' });
    expect(productionSiteUrl({ SITE_URL: ' http://localhost:3100 ' })).toEqual({ siteUrl: 'http://localhost:3100' });
    for (const value of [undefined, '', '   ']) expect(productionSiteUrl({ SITE_URL: value })).toEqual({ error: expect.stringContaining('SITE_URL is not set') });
    for (const value of ['knowledgezone.example', 'ftp://knowledgezone.example', 'javascript:alert(1)']) {
      expect(productionSiteUrl({ SITE_URL: value })).toEqual({ error: expect.stringContaining('SITE_URL must be an http:// or https:// address') });
    }
  });

  it('refuses to start without it, saying so, before it builds or listens on anything', () => {
    const root = path.resolve(__dirname, '..');
    const env = { ...process.env, SITE_URL: '', KZ_DIST_DIR: '.next-missing-build' };
    const started = spawnSync(process.execPath, ['serving/server.mjs', '-p', '3999'], { cwd: root, env, encoding: 'utf8', timeout: 20_000 });
    expect(started.status).toBe(2);
    expect(started.stderr).toContain('SITE_URL is not set');
  });
});
