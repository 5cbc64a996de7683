import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('maintenance mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAINTENANCE: 'true' });
  });
  afterAll(async () => t.close());

  it('answers 503 with a message on the API', async () => {
    const res = await t.call('GET', '/install');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: MESSAGES.maintenance });
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = path.join(os.tmpdir(), `voxa-web-${process.pid}`);
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(
      path.join(dist, 'index.html'),
      '<html><head><title>Voxa</title></head><body></body></html>',
    );
    await writeFile(path.join(dist, 'version.json'), '{"version":"1"}');
    await writeFile(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => t.close());

  it('serves index.html with the base domain for page paths, JSON 404 under /api', async () => {
    const page = await fetch(`${t.url}/team/invitations`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<meta name="voxa-base-domain" content="voxa.test">');
    const api = await fetch(`${t.url}/api/no-such-thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found.' });
  });

  it('serves the page for a page path with a trailing slash, and still 404s unknown API paths with one', async () => {
    const page = await fetch(`${t.url}/dashboard/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('voxa-base-domain');
    expect((await fetch(`${t.url}/api/no-such-thing/`)).status).toBe(404);
    expect((await fetch(`${t.url}/assets/gone-123.js/`)).status).toBe(404);
  });

  it('answers 404 for a bundle that does not exist', async () => {
    const res = await fetch(`${t.url}/assets/gone-123.js`);
    expect(res.status).toBe(404);
  });

  it('lets browsers keep hashed bundles but re-check version.json', async () => {
    const asset = await fetch(`${t.url}/assets/app-abc.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const version = await fetch(`${t.url}/version.json`);
    expect(version.headers.get('cache-control')).toBe('no-cache');
    expect(await version.json()).toEqual({ version: '1' });
  });

  it('does not serve files outside the build (path traversal)', async () => {
    const res = await fetch(`${t.url}/..%2f..%2f..%2fetc%2fpasswd`);
    expect(await res.text()).not.toContain('root:');
  });
});
