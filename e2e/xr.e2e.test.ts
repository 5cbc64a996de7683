import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Sidebar } from './pages/Sidebar';
import { XrSessionsPage, XrWorkersPage } from './pages/XrPages';
import { apiCall } from './support/apiCall';
import type { Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { memberOfTeam } from './support/member';
import { seededOwner } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { SEEDED_TEAM } from './support/seeded';
import { seededData } from './support/server';
import { setupE2e } from './support/suite';

/** What the headset app does with its token (any HTTP client; here the page's origin). */
const asHeadset = <T>(page: Page, token: string, path: string, body: unknown = {}) =>
  apiCall<T>(page, 'POST', path, body, token);

/**
 * Decision 0062 in the browser, on the seeded data (seeded.ts): the Owner adds an XR worker and copies its token, shown once; the headset
 * registers and shows online; the Owner opens a converted series on it; the headset's heartbeat picks it
 * up and makes it active; the Owner ends it. A Member (neither permission) sees no XR link and is sent away.
 */
describe.skipIf(e2eSkipReason())('XR workers and sessions, end to end', () => {
  const e2e = setupE2e({}, { seeded: true });
  stepsOfOneStory();
  const team = SEEDED_TEAM;
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  let member: Person;
  let token = '';
  let seriesUuid = '';

  it('starts from the seeded Owner and CT series, and adds a Member', { timeout: 240_000 }, async () => {
    owner = await seededOwner(e2e);
    seriesUuid = seededData().ct.seriesUuid;
    member = await memberOfTeam(e2e, owner, team, newCredentials('Max Member'), 'Member');
  });

  it('adds an XR worker from the sidebar’s link and shows its token once', async () => {
    const sidebar = new Sidebar(owner.page);
    await owner.page.goto(`${teamUrl()}/dashboard`);
    await sidebar.link('XR Workers').click();
    const page = new XrWorkersPage(owner.page);
    await owner.page.getByRole('heading', { name: 'XR workers' }).waitFor();
    token = await page.add('Quest in room 2');
    expect(token).toMatch(/^vxr_/);
    expect(await page.worker('Quest in room 2').getAttribute('data-status')).toBe('new');
    await page.open(teamUrl());
    expect(await page.token.count()).toBe(0);
  });

  it('shows the worker online with its device once it registers with the token', async () => {
    const registered = await asHeadset(owner.page, token, '/xr-worker/register', {
      device: 'Meta Quest 3',
      version: 'voxa-xr 0.1',
    });
    expect(registered.status).toBe(200);
    const row = new XrWorkersPage(owner.page).worker('Quest in room 2');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('online');
    expect(await row.textContent()).toContain('Meta Quest 3');
  });

  it('opens the series on the worker; the headset picks it up and it becomes active; the Owner ends it', async () => {
    const page = new XrSessionsPage(owner.page);
    await page.open(teamUrl(), seriesUuid);
    await page.openOn('Quest in room 2');
    await expect.poll(() => page.sessions.first().getAttribute('data-state')).toBe('pending');
    const beat = await asHeadset<{ session: { session_id: number; inputs: unknown[] } | null }>(
      owner.page,
      token,
      '/xr-worker/heartbeat',
      { showing: null },
    );
    const session = beat.body.session;
    expect(session?.inputs.length).toBeGreaterThan(0);
    await asHeadset(owner.page, token, '/xr-worker/heartbeat', { showing: session?.session_id });
    await expect
      .poll(() => page.sessions.first().getAttribute('data-state'), { timeout: 15_000 })
      .toBe('active');
    await page.end('Quest in room 2');
    await expect.poll(() => page.sessions.first().getAttribute('data-state')).toBe('ended');
    const after = await asHeadset<{ session: unknown }>(owner.page, token, '/xr-worker/heartbeat', {
      showing: session?.session_id,
    });
    expect(after.body.session).toBeNull();
  });

  it('revokes the worker: its token stops working', async () => {
    const page = new XrWorkersPage(owner.page);
    await page.open(teamUrl());
    await page.revoke('Quest in room 2');
    await page.worker('Quest in room 2').waitFor({ state: 'detached' });
    expect((await asHeadset(owner.page, token, '/xr-worker/heartbeat', { showing: null })).status).toBe(401);
  });

  it('shows a Member no XR link and sends them away from the XR pages', async () => {
    await member.page.goto(`${teamUrl()}/dashboard`);
    const links = await new Sidebar(member.page).linkNames();
    expect(links).not.toContain('XR Sessions');
    expect(links).not.toContain('XR Workers');
    for (const page of ['/admin/xr-workers', '/admin/xr-sessions']) {
      await member.page.goto(`${teamUrl()}${page}`);
      await member.page.waitForURL(/\/dashboard/);
    }
  });
});
