import type { DicomwebSettings, DimseSettings } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { DicomConnectivityPage } from './pages/DicomConnectivityPage';
import { Sidebar } from './pages/Sidebar';
import { apiCall, apiOk } from './support/apiCall';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { memberOfTeam } from './support/member';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { freePort } from './support/server';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/**
 * Issue 19's settings in the browser: the team's Owner (r:team) opens 'DICOM connectivity' from the Team
 * page, sees where PACS and viewers reach the team, turns anonymisation off and back on, adds and removes
 * calling AE titles, and the API answers what the page shows; a Member (no r:team) sees none of it.
 */
describe.skipIf(e2eSkipReason())('DICOM connectivity settings, end to end', () => {
  let dimsePort = 0;
  const e2e = setupE2e(async () => {
    dimsePort = await freePort();
    return { DIMSE_PORT: String(dimsePort) };
  });
  stepsOfOneStory();
  const team = { title: 'Radiology North', slug: 'radiology-north' };
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  let settings: DicomConnectivityPage;

  it('the Owner opens DICOM connectivity from the Team page', { timeout: 180_000 }, async () => {
    owner = await ownerOfNewTeam(e2e, newCredentials('Ruth Radiology'), team);
    const { page } = owner;
    const sidebar = new Sidebar(page);
    await sidebar.waitUntilReady();
    await sidebar.link('Team').click();
    await page.getByRole('link', { name: 'DICOM connectivity' }).click();
    await page.waitForURL(`${teamUrl()}/team/dicom`);
    settings = new DicomConnectivityPage(page);
    await settings.waitUntilShown();

    expect(await settings.baseUrl.innerText()).toBe(`${teamUrl()}/dicom-web`);
    expect(await settings.aeTitle.innerText()).toBe('RADIOLOGY-NORTH');
    expect(await settings.port.innerText()).toBe(String(dimsePort));
    expect(await settings.anonymize.isChecked()).toBe(true);
    await settings.noneListed.waitFor();
    expect(await settings.noneListed.innerText()).toContain('every caller is taken');
  });

  it('turns anonymisation off and back on, as the API then answers', async () => {
    const { page } = owner;
    await settings.setAnonymize(false);
    expect(await apiOk<DicomwebSettings>(page, 'GET', '/team/dicomweb')).toEqual({ anonymize: false });
    await page.reload();
    await settings.waitUntilShown();
    expect(await settings.anonymize.isChecked()).toBe(false);

    await settings.setAnonymize(true);
    expect(await apiOk<DicomwebSettings>(page, 'GET', '/team/dicomweb')).toEqual({ anonymize: true });
  });

  it('adds calling AE titles, refuses a bad one, and removes them', async () => {
    const { page } = owner;
    const dimse = () => apiOk<DimseSettings>(page, 'GET', '/team/dimse');

    await settings.addCallingAe('PACS_MAIN');
    await settings.addCallingAe(' ct scanner 2 ', 'CT SCANNER 2');
    expect(await settings.callingAeTitles()).toEqual(['CT SCANNER 2', 'PACS_MAIN']);
    expect(await dimse()).toEqual({
      aeTitle: 'RADIOLOGY-NORTH',
      callingAeTitles: ['CT SCANNER 2', 'PACS_MAIN'],
      port: dimsePort,
      moveDestinations: [],
    });
    await screenshot(page, 'dicom-connectivity');

    // Refused on the page with the rule's reason, never sent: the list stays as it was.
    await settings.submitCallingAe('PACS\\OLD');
    expect(await settings.callingAeProblem().innerText()).toContain('backslash');
    await settings.submitCallingAe('pacs_main');
    expect(await settings.callingAeProblem().innerText()).toBe('PACS_MAIN is listed already.');
    expect((await dimse()).callingAeTitles).toEqual(['CT SCANNER 2', 'PACS_MAIN']);

    await settings.removeCallingAe('PACS_MAIN');
    expect((await dimse()).callingAeTitles).toEqual(['CT SCANNER 2']);
    await settings.removeCallingAe('CT SCANNER 2');
    await settings.noneListed.waitFor();
    expect((await dimse()).callingAeTitles).toEqual([]);
  });

  it('adds a C-MOVE destination and removes it, as the API then answers', async () => {
    const { page } = owner;
    const dimse = () => apiOk<DimseSettings>(page, 'GET', '/team/dimse');
    await settings.addMoveDestination(' workstation ', '10.0.0.7', 11112, 'WORKSTATION');
    expect((await dimse()).moveDestinations).toEqual([
      { aeTitle: 'WORKSTATION', host: '10.0.0.7', port: 11112 },
    ]);
    await settings.removeMoveDestination('WORKSTATION');
    expect((await dimse()).moveDestinations).toEqual([]);
  });

  it('shows a Member without r:team neither the page nor its settings', { timeout: 180_000 }, async () => {
    const member = await memberOfTeam(e2e, owner, team, newCredentials('Max Member'), 'Member');
    const { page } = member;
    const sidebar = new Sidebar(page);
    expect(await sidebar.linkNames()).not.toContain('Team');

    // The page needs r:team: the Member is sent to the dashboard, as from /members.
    await page.goto(`${teamUrl()}/team/dicom`);
    await page.waitForURL(`${teamUrl()}/dashboard`);
    expect((await apiCall(page, 'GET', '/team/dimse')).status).toBe(403);
    expect((await apiCall(page, 'PUT', '/team/dicomweb', { anonymize: false })).status).toBe(403);
  });
});
