import { describe, expect, it } from 'vitest';
import { LogSessionsPages } from './pages/LogSessionsPages';
import { Sidebar } from './pages/Sidebar';
import type { Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { memberOfTeam } from './support/member';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/**
 * Issue 17 item 3 in the browser: a member browses a few pages (each route change is a `POST log`), the
 * Owner (r:log-session) opens Log sessions from the sidebar, finds the member's session, reads its
 * timeline, sees the events table and downloads the CSV. The member, without r:log-session, is sent away.
 */
describe.skipIf(e2eSkipReason())('log sessions, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const team = { title: 'Log Lab', slug: 'log-lab' };
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  const memberCredentials = newCredentials('Mona Member');
  let owner: Person;
  let member: Person;

  it('sets up the Owner and a Member', { timeout: 180_000 }, async () => {
    owner = await ownerOfNewTeam(e2e, newCredentials('Lotte Logs'), team);
    member = await memberOfTeam(e2e, owner, team, memberCredentials, 'Member');
  });

  it('the member browses a few pages through the sidebar', async () => {
    const sidebar = new Sidebar(member.page);
    await member.page.goto(`${teamUrl()}/dashboard`);
    await sidebar.waitUntilReady();
    for (const [name, path] of [
      ['Studies', '/studies-v2'],
      ['Structures', '/structures'],
      ['Flows', '/flow'],
    ] as const) {
      await sidebar.link(name).click();
      await member.page.waitForURL(`${teamUrl()}${path}`);
    }
    expect(await sidebar.linkNames()).not.toContain('Log sessions');
  });

  it('the Owner finds the member’s session and reads its timeline', async () => {
    const sidebar = new Sidebar(owner.page);
    await owner.page.goto(`${teamUrl()}/dashboard`);
    await sidebar.link('Log sessions').click();
    const log = new LogSessionsPages(owner.page);
    await owner.page.getByRole('heading', { name: 'Log sessions' }).waitFor();
    await log.filterByUser('Mona');
    await log.sessionRows(memberCredentials.email).first().waitFor();
    await log.openTimeline(memberCredentials.email);
    // Route events are sent without waiting: reload until the last page visited is in.
    await expect
      .poll(
        async () => {
          await owner.page.reload();
          await log.timelineItems().first().waitFor();
          return log.timelinePaths();
        },
        { timeout: 15_000 },
      )
      .toEqual(expect.arrayContaining(['/dashboard', '/studies-v2', '/structures', '/flow']));
    const paths = await log.timelinePaths();
    expect(paths.indexOf('/studies-v2')).toBeLessThan(paths.indexOf('/structures'));
    expect(paths.indexOf('/structures')).toBeLessThan(paths.indexOf('/flow'));
    expect(await log.summary().innerText()).toContain(memberCredentials.email);
  });

  it('the Owner sees the events table and downloads them as CSV', async () => {
    const log = new LogSessionsPages(owner.page);
    await log.open(teamUrl());
    await log.filterByUser('Mona');
    await log.openEvents();
    expect(owner.page.url()).toContain('user=Mona');
    await log.eventRows().first().waitFor();
    expect(await log.eventRows().first().innerText()).toContain('Mona Member');
    const csv = await log.downloadCsv();
    expect(csv.name).toBe('log-events.csv');
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"time","user","email","session","app","type","path","data"');
    expect(lines.slice(1).every((l) => l.includes(`"${memberCredentials.email}"`))).toBe(true);
    expect(lines.some((l) => l.includes('"route","/flow"'))).toBe(true);
  });

  it('sends the member, without r:log-session, away', async () => {
    await member.page.goto(`${teamUrl()}/admin/log`);
    await member.page.waitForURL(/\/dashboard/);
  });
});
