import { describe, expect, it } from 'vitest';
import { AuditPage } from './pages/AuditPage';
import { OrganizePanel } from './pages/OrganizePanel';
import { Sidebar } from './pages/Sidebar';
import { StudiesPage } from './pages/StudiesPage';
import type { Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { seedStudies } from './support/seedStudies';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/**
 * Issue 19 item 4 in the browser: the administrator opens a study, then finds that view in the audit
 * trail (a sidebar link), filters it by user, study and action, and downloads it as CSV and as a FHIR
 * Bundle of AuditEvents.
 */
describe.skipIf(e2eSkipReason())('audit trail, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const admin = newCredentials('Audrey Auditor');
  const team = { title: 'Audit Lab', slug: 'audit-lab' };
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let person: Person;
  let studyUuid: string;

  it('the administrator opens a study of the team', { timeout: 180_000 }, async () => {
    person = await ownerOfNewTeam(e2e, admin, team);
    await e2e.restart(() => seedStudies(e2e.server.dataDir, team.slug, 2));
    const { page } = person;
    const list = new StudiesPage(page);
    await list.open(teamUrl());
    studyUuid = (await list.rows.first().getAttribute('data-study-uuid')) ?? '';
    expect(studyUuid).not.toBe('');
    await page.goto(`${teamUrl()}/serie/organize/${studyUuid}`);
    await new OrganizePanel(page).waitUntilShown();
  });

  it('finds that view in the audit trail and filters it', async () => {
    const { page } = person;
    const sidebar = new Sidebar(page);
    await sidebar.link('Audit trail').click();
    const audit = new AuditPage(page);
    await audit.waitUntilShown();
    await audit.rows.first().waitFor();
    const views = (await audit.records()).filter((r) => r.Action === 'viewed');
    expect(views[0]).toMatchObject({
      Team: team.slug,
      User: admin.email,
      Subject: `study ${studyUuid}`,
      Outcome: 'success',
    });
    const studyId = views[0]?.Study ?? '';
    expect(studyId).toMatch(/^\d+$/);
    expect(views[0]?.Address).not.toBe('');

    await audit.filter({ user: 'Audrey', study: studyId, action: 'viewed' });
    await page.waitForURL(/[?&]study=\d+/);
    expect(page.url()).toContain('action=viewed');
    // The page may have fetched the study more than once (a refetch on focus is a view too).
    const shown = async () => [...new Set((await audit.records()).map((r) => `${r.Action} ${r.Study}`))];
    await expect.poll(shown).toEqual([`viewed ${studyId}`]);

    await audit.filter({ user: 'nobody-here' });
    await page.getByText('No records').waitFor();
    await audit.filter({ user: '' });
    await audit.rows.first().waitFor();
  });

  it('downloads the filtered records as CSV and as FHIR AuditEvents', async () => {
    const { page } = person;
    const audit = new AuditPage(page);
    const csv = await audit.download('Download CSV');
    expect(csv.name).toBe('audit-trail.csv');
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toContain('"time","team","user"');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes(`"viewed","study","${studyUuid}"`))).toBe(true);

    const fhir = await audit.download('Download FHIR');
    expect(fhir.name).toBe('audit-trail.fhir.json');
    const bundle = JSON.parse(fhir.text);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(bundle.entry).toHaveLength(lines.length - 1);
    expect(bundle.entry[0].resource).toMatchObject({
      resourceType: 'AuditEvent',
      action: 'R',
      outcome: '0',
      agent: [{ requestor: true, who: { display: admin.email } }],
      entity: [{ what: { identifier: { system: 'urn:voxa:study', value: studyUuid } } }],
    });

    // Both exports are themselves in the trail.
    await audit.filter({ action: 'exported', study: '' });
    await expect.poll(async () => (await audit.records()).length).toBe(2);
  });
});
