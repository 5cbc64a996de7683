import { API_TOKEN_PREFIX } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { ApiUserDetailPage, ApiUsersPage } from './pages/ApiUsersPages';
import { Sidebar } from './pages/Sidebar';
import type { Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { seedStudies } from './support/seedStudies';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/**
 * Issue 17 item 2 in the browser: the Owner creates an API user with the Viewer role from the sidebar's
 * 'API Users', gives it a token and copies the secret the page shows once; a script (this test process,
 * with plain fetch) lists the team's studies with it, not another team's; revoked on the page, the token
 * answers 401.
 */
describe.skipIf(e2eSkipReason())('API users, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const team = { title: 'Script Lab', slug: 'script-lab' };
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  let detail: ApiUserDetailPage;
  let secret = '';

  /** What a script does: one GET with the token and the team, nothing of the browser's. */
  const listStudies = async (token: string, teamSlug = team.slug) => {
    const res = await fetch(`${e2e.server.baseUrl}/api/studies-v2?page=1`, {
      headers: { Authorization: `Bearer ${token}`, Team: teamSlug },
    });
    return { status: res.status, body: (await res.json()) as { total?: number } };
  };

  it('sets up the Owner of a team holding 3 studies', { timeout: 180_000 }, async () => {
    owner = await ownerOfNewTeam(e2e, newCredentials('Sam Script'), team);
    await e2e.restart(() => seedStudies(e2e.server.dataDir, team.slug, 3));
  });

  it('creates an API user with a role from the sidebar’s API Users page', async () => {
    const { page } = owner;
    await page.goto(`${teamUrl()}/dashboard`);
    const sidebar = new Sidebar(page);
    await sidebar.waitUntilReady();
    await sidebar.link('API Users').click();
    await page.waitForURL(`${teamUrl()}/admin/api/users`);
    const list = new ApiUsersPage(page);
    await list.create('Nightly import', 'Viewer');
    expect(page.url()).toMatch(/\/admin\/api\/detail\/\d+$/);
    detail = new ApiUserDetailPage(page);
    expect(await detail.role()).toContain('Viewer');
  });

  it('creates a token and shows its secret once, with a copy button', async () => {
    secret = await detail.createToken('ci');
    expect(secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
    await owner.page.getByRole('button', { name: 'Copy' }).waitFor();
    expect(await detail.token('ci').getAttribute('data-state')).toBe('active');
    await owner.page.reload();
    await detail.token('ci').waitFor();
    expect(await detail.secret.count()).toBe(0);
    expect(await detail.token('ci').innerText()).not.toContain(secret);
  });

  it('lets a script list the team’s studies with the token, and no other team’s', async () => {
    const listed = await listStudies(secret);
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(3);
    expect((await listStudies(secret, 'another-team')).status).toBe(404);
    // The page shows the use.
    await owner.page.reload();
    expect(await detail.token('ci').getByTestId('api-token-last-used').innerText()).not.toBe('Never');
  });

  it('revokes the token on the page: the script then gets 401', async () => {
    await detail.revoke('ci');
    await expect.poll(() => detail.token('ci').getAttribute('data-state')).toBe('revoked');
    expect((await listStudies(secret)).status).toBe(401);
    const list = new ApiUsersPage(owner.page);
    await list.open(teamUrl());
    expect(await list.row('Nightly import').innerText()).toContain('Viewer');
  });
});
