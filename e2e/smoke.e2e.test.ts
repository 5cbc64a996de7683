import { describe, expect, it } from 'vitest';
import { ErrorPage } from './pages/ErrorPage';
import { screenshot } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { setupE2e } from './support/suite';

describe.skipIf(e2eSkipReason())('smoke: the server serves the SPA and the API', () => {
  const e2e = setupE2e();

  it('serves the SPA on / with the noindex marker', async () => {
    const res = await fetch(`${e2e.server.baseUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain('<div id="root">');
  });

  it('serves the OpenAPI document on /api/docs', async () => {
    const res = await fetch(`${e2e.server.baseUrl}/api/docs`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/install', '/register', '/login', '/user']),
    );
  });

  it('answers unknown API paths with a JSON 404, not the SPA', async () => {
    const res = await fetch(`${e2e.server.baseUrl}/api/no-such-endpoint`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });

  it('shows the 404 page for an unknown path, whose link leads home', async () => {
    const { page } = await e2e.person();
    await page.goto(`${e2e.server.baseUrl}/no/such/page`);
    const errorPage = new ErrorPage(page);
    await errorPage.expectNotFound();
    await screenshot(page, 'smoke-404');
    await errorPage.backHome.click();
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    await expect.poll(() => errorPage.message.count()).toBe(0);
  });
});
