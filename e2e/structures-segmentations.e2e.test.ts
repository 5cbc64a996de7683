import { describe, expect, it } from 'vitest';
import { SegmentationsPages } from './pages/SegmentationsPages';
import { Sidebar } from './pages/Sidebar';
import { StructuresPages } from './pages/StructuresPages';
import { OrganizePanel } from './pages/OrganizePanel';
import { apiOk } from './support/apiCall';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { memberOfTeam } from './support/member';
import { seededOwner } from './support/owner';
import { newCredentials } from './support/people';
import { SEEDED_MR, SEEDED_TEAM } from './support/seeded';
import { seededData } from './support/server';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

interface Made {
  id: number;
}

/**
 * Issue 12's catalogue and segmentation pages in the browser: a team member searches the structures by
 * text and category, creates one of the team's own and opens it; the administrator adds a global one on
 * /admin/structures-x, which the member then sees; /segmentations lists the segmentations made through
 * the API on a really converted series (the seeded MR, seeded.ts: one GE MR series of the NIH corpus,
 * 64 x 64, uploaded through the real upload API), 'Assigned to me' keeps the member's; /segments/{id}
 * lists the segments, deleted ones too, editable for the assigned member and read-only otherwise.
 */
describe.skipIf(e2eSkipReason())('structures and segmentations pages, end to end', () => {
  const e2e = setupE2e({}, { seeded: true });
  stepsOfOneStory();
  const team = SEEDED_TEAM;
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  let member: Person;
  let shared: Made;
  let other: Made;
  let firstSegment: number;

  it(
    'signs in the seeded administrator who owns the team, and sets up a Member',
    { timeout: 180_000 },
    async () => {
      owner = await seededOwner(e2e);
      member = await memberOfTeam(e2e, owner, team, newCredentials('Max Member'), 'Member');
    },
  );

  it('searches the structures by text and by category', async () => {
    const { page } = member;
    await new Sidebar(page).link('Structures').click();
    const structures = new StructuresPages(page);
    await structures.table.waitFor();
    await structures.searchFor('kidney');
    // The earlier list stays while the search loads: wait for the searched one.
    const kidneys = async () => {
      const slugs = await structures.slugs();
      return slugs.every((slug) => slug.includes('kidney')) ? slugs : [];
    };
    await expect.poll(kidneys).toEqual(expect.arrayContaining(['kidney_left', 'kidney_right']));
    await structures.searchFor('L5');
    await structures.pickCategory('Spine');
    await expect.poll(() => structures.slugs()).toEqual(['vertebrae_L5']);
    await structures.searchFor('no such organ');
    await structures.empty.waitFor();
  });

  it('creates a structure of the team’s own and opens its detail', async () => {
    const { page } = member;
    const structures = new StructuresPages(page);
    await structures.open(teamUrl());
    await page.getByRole('link', { name: 'New structure' }).click();
    await structures.fillForm('Hepatic lesion', 'Liver');
    await expect.poll(() => page.getByTestId('structure-slug').innerText()).toContain('hepatic-lesion');
    await page.getByRole('button', { name: 'Create structure' }).click();
    await page.waitForURL(`${teamUrl()}/structures/detail/hepatic-lesion`);
    await structures.detail.waitFor();
    expect(await page.getByTestId('structure-detail-slug').innerText()).toBe('hepatic-lesion');
    expect(await page.getByTestId('structure-detail-category').innerText()).toBe('Category: Liver');
    expect(await page.getByTestId('structure-origin').textContent()).toBe('Team');
    // A second one of the same title is refused by the server, whose message the form shows.
    await page.goto(`${teamUrl()}/structures/create`);
    await structures.fillForm('Hepatic lesion', 'Liver');
    await page.getByRole('button', { name: 'Create structure' }).click();
    await page
      .getByTestId('form-error')
      .filter({ hasText: 'A structure with this slug already exists.' })
      .waitFor();
    // The seeded multi-class structure lists its label values.
    await page.goto(`${teamUrl()}/structures/detail/totalsegmentator-total`);
    await structures.detail.waitFor();
    await expect.poll(() => page.getByTestId('structure-class').count()).toBe(117);
    expect(await page.getByTestId('structure-class').nth(4).innerText()).toMatch(/^5\s+Liver\s+liver$/);
    await screenshot(page, 'structure-detail');
  });

  it('lets the administrator add a global structure that the member then sees', async () => {
    const admin = new StructuresPages(owner.page);
    await admin.open(teamUrl(), '/admin/structures-x');
    await owner.page.getByRole('button', { name: 'New structure' }).click();
    await admin.fillForm('Adrenal mass', 'Abdomen');
    await owner.page.getByRole('button', { name: 'Create structure' }).click();
    await admin.searchFor('Adrenal mass');
    await expect.poll(() => admin.slugs()).toEqual(['adrenal-mass']);
    expect(await admin.row('adrenal-mass').getByTestId('structure-origin').textContent()).toBe('Catalogue');

    const seen = new StructuresPages(member.page);
    await seen.open(teamUrl(), '/structures?search=adrenal+mass');
    await expect.poll(() => seen.slugs()).toEqual(['adrenal-mass']);
    await seen.row('adrenal-mass').getByRole('link', { name: 'Adrenal mass' }).click();
    await member.page.getByText('Part of the global catalogue: read-only for teams').waitFor();
    expect(await member.page.getByRole('button', { name: 'Delete structure' }).count()).toBe(0);
  });

  it('starts from the seeded, converted MR series', async () => {
    const { page } = owner;
    await page.goto(`${teamUrl()}/serie/organize/${seededData().mr.studyUuid}`);
    const organize = new OrganizePanel(page);
    await organize.waitUntilShown();
    const series = organize.series(`Series ${SEEDED_MR.headers.seriesNumber}`);
    expect(await series.getByTestId('organize-series-status').textContent()).toBe('done');
  });

  it('makes two shared segmentations through the API, the member assigned to one', async () => {
    const { page } = owner;
    const studies = await apiOk<{ data: { uuid: string }[] }>(page, 'GET', '/studies-v2?page=1');
    const studyUuid = studies.data.find((s) => s.uuid === seededData().mr.studyUuid)?.uuid ?? '';
    const study = await apiOk<{ series: { uuid: string }[] }>(page, 'GET', `/annotator/studies/${studyUuid}`);
    const seriesUuid = study.series[0]?.uuid ?? '';
    expect(seriesUuid).toBe(seededData().mr.seriesUuid);
    const make = (structure: string) =>
      apiOk<Made>(page, 'POST', `/annotator/segmentations/${seriesUuid}`, { structure, rbac: 1 }, 201);
    shared = await make('liver');
    other = await make('hepatic-lesion');
    const segment = `/annotator/segment/create/${seriesUuid}/${shared.id}`;
    const parts = [];
    for (let i = 0; i < 3; i += 1) parts.push(await apiOk<{ id: number }>(page, 'POST', segment, {}, 201));
    firstSegment = parts[0]?.id ?? 0;
    await apiOk(page, 'PUT', `/annotator/segment/delete/${seriesUuid}/${shared.id}/${parts[1]?.id ?? 0}`);
    const members = await apiOk<{ id: number; name: string; role: { id: number } }[]>(
      page,
      'GET',
      '/team/users',
    );
    const max = members.find((m) => m.name === 'Max Member');
    if (!max) throw new Error('no member');
    await apiOk(
      page,
      'POST',
      '/segmentations/add-user-to-segmentation',
      { segmentation_id: shared.id, user_id: max.id, role_id: max.role.id },
      201,
    );
  });

  it('lists the team’s segmentations, and only the member’s with Assigned to me', async () => {
    const { page } = member;
    await new Sidebar(page).link('Segmentations').click();
    const list = new SegmentationsPages(page);
    await list.table.waitFor();
    await expect.poll(() => list.ids()).toEqual([other.id, shared.id]);
    const row = list.row(shared.id);
    expect(await row.getByTestId('segmentation-structure').innerText()).toBe('Liver');
    expect(await row.getByTestId('segmentation-segments').innerText()).toBe('2 segments');
    expect(await row.getByRole('link', { name: /^Organize / }).getAttribute('href')).toMatch(
      /^\/serie\/organize\/[0-9a-f-]{36}$/,
    );
    await list.assignedToMe.click({ force: true });
    await page.waitForURL(/assigned=1/);
    await expect.poll(() => list.ids()).toEqual([shared.id]);
    await screenshot(page, 'segmentations-assigned');
    await list.assignedToMe.click({ force: true });
    await expect.poll(() => list.ids()).toEqual([other.id, shared.id]);
    await page.getByRole('textbox', { name: 'Structure' }).click();
    await page.getByRole('option', { name: 'Hepatic lesion (hepatic-lesion)', exact: true }).click();
    await page.waitForURL(/structure=hepatic-lesion/);
    await expect.poll(() => list.ids()).toEqual([other.id]);
  });

  it('shows a segmentation’s segments, deleted ones too; the assigned member renames one', async () => {
    const { page } = member;
    const list = new SegmentationsPages(page);
    await list.open(teamUrl());
    await list.row(shared.id).getByTestId('segmentation-segments').click();
    await page.waitForURL(`${teamUrl()}/segments/${shared.id}`);
    await list.segmentsPage.waitFor();
    expect(await list.segmentList()).toEqual([
      { value: 1, state: 'live', deleted: false },
      { value: 2, state: 'deleted', deleted: true },
      { value: 3, state: 'live', deleted: false },
    ]);
    expect(await list.segmentsPage.getAttribute('data-editable')).toBe('true');
    const first = list.segments.first();
    await first.getByRole('textbox', { name: 'Title of segment 1' }).fill('Right lobe');
    await first.getByRole('button', { name: 'Rename' }).click();
    await list.toast(`Segment #${firstSegment} has been renamed`).waitFor();
    await page.reload();
    await list.segmentsPage.waitFor();
    await expect
      .poll(() => list.segments.first().getByRole('textbox', { name: 'Title of segment 1' }).inputValue())
      .toBe('Right lobe');
  });

  it('shows a shared segmentation the member is not assigned to read-only', async () => {
    const { page } = member;
    const list = new SegmentationsPages(page);
    await list.openSegments(teamUrl(), other.id);
    await list.readOnly.waitFor();
    expect(await list.segmentsPage.getAttribute('data-editable')).toBe('false');
    expect(await page.getByRole('button', { name: 'Add segment' }).count()).toBe(0);
  });
});
