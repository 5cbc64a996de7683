import { gzipSync } from 'node:zlib';
import { PREFETCH_MARK } from '@voxa/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DashboardPage } from './pages/DashboardPage';
import { e2eSkipReason } from './support/chromium';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/** Budgets of a first load, gzip KB: what the README states, with a little room. */
const BUDGET_KB = { login: 197, dashboard: 300 };

interface Loaded {
  js: number;
  css: number;
}

/** The addresses the page requested before the sidebar's prefetch started (all of them without it). */
async function requestedBeforePrefetch(page: Page): Promise<Set<string>> {
  const names = await page.evaluate((mark) => {
    const started = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < started)
      .map((entry) => entry.name);
  }, PREFETCH_MARK);
  return new Set(names);
}

/**
 * Loads `url` in a fresh page and adds up the gzip size (level 9, as Vite reports) of its scripts and
 * styles, up to the prefetch of the sidebar's pages (decision 0080): that comes after, when idle.
 */
async function firstLoad(page: Page, url: string, shown: () => Promise<void>): Promise<Loaded> {
  const bodies: Promise<{ url: string; type: keyof Loaded; gzip: number }>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push(
      response.body().then((body) => ({
        url: response.url(),
        type: type === 'script' ? 'js' : 'css',
        gzip: gzipSync(body, { level: 9 }).length / 1000,
      })),
    );
  });
  await page.goto(url);
  await shown();
  await page.waitForLoadState('networkidle');
  const first = await requestedBeforePrefetch(page);
  const loaded: Loaded = { js: 0, css: 0 };
  for (const body of await Promise.all(bodies)) if (first.has(body.url)) loaded[body.type] += body.gzip;
  return loaded;
}

const kb = (n: number) => `${n.toFixed(1)} KB`;

/**
 * What a first visit costs: the JavaScript and CSS the browser fetches for /login and for a team's
 * /dashboard (route-level code splitting keeps them small), measured in Chromium and kept under budget.
 */
describe.skipIf(e2eSkipReason())('first-load bundle size', () => {
  const e2e = setupE2e();
  stepsOfOneStory();

  it('loads /login and a team /dashboard within their budgets', async () => {
    const person = await ownerOfNewTeam(e2e, newCredentials('Bea Bundle'), {
      title: 'Bundle',
      slug: 'bundle',
    });
    const visitor = await e2e.person();
    const login = await firstLoad(visitor.page, `${e2e.server.baseUrl}/login`, () =>
      visitor.page.getByRole('heading', { name: 'Sign in' }).waitFor(),
    );
    // Routing every request turns the context's HTTP cache off: the dashboard loads as on a first visit.
    await person.context.route('**/*', (route) => route.continue());
    const page = await person.context.newPage();
    const dashboard = await firstLoad(page, `${e2e.server.teamUrl('bundle')}/dashboard`, () =>
      new DashboardPage(page).waitUntilShown(),
    );
    console.log(
      `first load (gzip): /login JS ${kb(login.js)}, CSS ${kb(login.css)}; /dashboard JS ${kb(dashboard.js)}, CSS ${kb(dashboard.css)}`,
    );
    expect(login.js).toBeLessThan(BUDGET_KB.login);
    expect(dashboard.js).toBeLessThan(BUDGET_KB.dashboard);
  });
});
