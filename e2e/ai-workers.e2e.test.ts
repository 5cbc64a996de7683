import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AiWorkersPage } from './pages/AiWorkersPage';
import { apiCall } from './support/apiCall';
import type { Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { memberOfTeam } from './support/member';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/** What a worker process does with its token (the worker is any HTTP client; here the page's origin). */
const asWorker = async (page: Page, token: string, path: string, body: unknown = {}) =>
  (await apiCall(page, 'POST', path, body, token)).status;

/**
 * Issue 15 item 2 in the browser: the Owner sees the server's built-in CPU worker (a platform worker,
 * not revocable), adds an AI worker and copies its token, shown once; a worker registering with it shows
 * online with what it serves; revoked, its token stops working. A member without r:ai-workers is sent
 * away from the page.
 */
describe.skipIf(e2eSkipReason())('AI workers page, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const team = { title: 'GPU Lab', slug: 'gpu-lab' };
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  let annotator: Person;
  let token = '';

  it('sets up the Owner and an Annotator', { timeout: 180_000 }, async () => {
    owner = await ownerOfNewTeam(e2e, newCredentials('Gina GPU'), team);
    annotator = await memberOfTeam(e2e, owner, team, newCredentials('Adam Annotator'), 'Annotator');
  });

  it('shows the built-in worker, which no team can revoke, then adds a worker and shows its token once', async () => {
    const page = new AiWorkersPage(owner.page);
    await page.open(teamUrl());
    const builtin = page.worker('Built-in CPU worker');
    await builtin.getByTestId('worker-platform').waitFor();
    expect(await page.revokeButton('Built-in CPU worker').count()).toBe(0);
    token = await page.add('gpu-box-1');
    expect(token).toMatch(/^vxw_/);
    expect(await page.worker('gpu-box-1').getAttribute('data-status')).toBe('new');
    await page.open(teamUrl());
    expect(await page.token.count()).toBe(0);
  });

  it('shows the worker online with its models once it registers with the token', async () => {
    const page = new AiWorkersPage(owner.page);
    const registered = await asWorker(owner.page, token, '/ai-worker/register', {
      runtimes: ['external'],
      models: ['total', 'total-mr'],
      capacity: 2,
      version: 'nnunet 2.5',
    });
    expect(registered).toBe(200);
    const card = page.worker('gpu-box-1');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 15_000 }).toBe('online');
    expect(await card.textContent()).toContain('total-mr');
    expect(await card.textContent()).toContain('capacity 2');
    expect(await card.getByText('No jobs yet.').count()).toBe(1);
  });

  it('revokes the worker: its token no longer works', async () => {
    const page = new AiWorkersPage(owner.page);
    await page.revoke('gpu-box-1');
    await page.worker('gpu-box-1').waitFor({ state: 'detached' });
    expect(await asWorker(owner.page, token, '/ai-worker/lease')).toBe(401);
  });

  it('sends a member without r:ai-workers away', async () => {
    await annotator.page.goto(`${teamUrl()}/admin/ai-workers`);
    await annotator.page.waitForURL(/\/dashboard/);
  });
});
