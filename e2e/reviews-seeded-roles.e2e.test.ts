import { describe, expect, it } from 'vitest';
import { AnnotatorPage } from './pages/AnnotatorPage';
import { AnnotatorPaintPanel } from './pages/AnnotatorPaintPanel';
import { OrganizePanel } from './pages/OrganizePanel';
import { ReviewPanel } from './pages/ReviewPanel';
import { ReviewsPage } from './pages/ReviewsPage';
import { SegmentationsPanel } from './pages/SegmentationsPanel';
import { Sidebar } from './pages/Sidebar';
import { apiOk } from './support/apiCall';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { memberOfTeam } from './support/member';
import { seededOwner } from './support/owner';
import { segmentationWithEmptyMask } from './support/segmentation';
import { newCredentials } from './support/people';
import { SEEDED_OWNER, SEEDED_TEAM } from './support/seeded';
import { seededData } from './support/server';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/**
 * Issue 39 item 1 in Chromium, on the seeded data (seeded.ts) with the seeded roles only (no role made or
 * edited): the Owner shares a Liver segmentation with an invited Annotator in its Annotator box; a second
 * invited Member, in none of its boxes, is named as who can review it; the Annotator paints, saves and
 * submits; the Member finds it in /reviews and approves; the Annotator's open tab is told at once.
 */
describe.skipIf(e2eSkipReason())('reviews with the seeded roles of a new team', () => {
  const e2e = setupE2e({}, { seeded: true });
  stepsOfOneStory();
  const team = SEEDED_TEAM;
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  let annotator: Person;
  let member: Person;
  let seriesUuid: string;
  let studyUuid: string;
  let segmentationId: number;
  let authorSide: ReviewPanel;

  it(
    'starts from the seeded CT; the Owner shares a Liver segmentation with a mask; an Annotator and a Member join',
    { timeout: 600_000 },
    async () => {
      owner = await seededOwner(e2e);
      const { page } = owner;
      ({ seriesUuid, studyUuid } = seededData().ct);
      segmentationId = (await segmentationWithEmptyMask(page, seriesUuid, { structure: 'liver', rbac: 1 }))
        .id;
      annotator = await memberOfTeam(e2e, owner, team, newCredentials('Anna Annotator'), 'Annotator');
      member = await memberOfTeam(e2e, owner, team, newCredentials('Mia Member'), 'Member');
      // The Owner puts Anna in the segmentation's Annotator box (the seeded role), as the panel does.
      const roles = await apiOk<{ id: number; name: string }[]>(page, 'GET', '/roles/assignable-users');
      const anna = await apiOk<{ id: number }>(annotator.page, 'GET', '/user');
      await apiOk(
        page,
        'POST',
        '/segmentations/add-user-to-segmentation',
        {
          segmentation_id: segmentationId,
          user_id: anna.id,
          role_id: roles.find((r) => r.name === 'Annotator')?.id,
        },
        201,
      );
    },
  );

  it('the organize card names who can review it: the other members of seeded roles', async () => {
    const { page } = owner;
    const study = await apiOk<{ series: { uuid: string; series_number: number | null }[] }>(
      page,
      'GET',
      `/annotator/studies/${studyUuid}`,
    );
    const number = study.series.find((s) => s.uuid === seriesUuid)?.series_number ?? '?';
    await page.goto(`${teamUrl()}/serie/organize/${studyUuid}`);
    await new OrganizePanel(page).waitUntilShown();
    const card = new SegmentationsPanel(page, `Series ${number}`);
    await card.waitUntilShown();
    // The Owner may change it, so would be its author: the others review it.
    await expect
      .poll(() => card.reviewers('Liver').innerText())
      .toBe('Can review: Anna Annotator, Mia Member');
    await screenshot(page, 'reviews-seeded-roles-card');
  });

  it('the Annotator paints, saves and submits it for review', async () => {
    const viewer = new AnnotatorPage(annotator.page);
    const paint = new AnnotatorPaintPanel(annotator.page);
    await viewer.open(teamUrl(), seriesUuid);
    await viewer.waitUntilRendered();
    await paint.choose('Liver');
    expect(await paint.status.innerText()).toBe('Revision 1');
    await paint.tool('Brush');
    await paint.drag([0.4, 0.5], [0.6, 0.5]);
    await expect.poll(() => paint.status.innerText()).toBe('Unsaved changes');
    expect(await paint.save()).toBe(200);
    await expect.poll(() => paint.status.innerText(), { timeout: 30_000 }).toBe('Revision 2');
    expect(await paint.voxels()).toBeGreaterThan(0);
    authorSide = new ReviewPanel(annotator.page);
    expect(await authorSide.reviewers.innerText()).toBe(`Can review: Mia Member, ${SEEDED_OWNER.name}`);
    await authorSide.submitUnderMask();
  });

  it('the Member, in none of its boxes, finds it in /reviews and approves it', async () => {
    const { page } = member;
    const sidebar = new Sidebar(page);
    await sidebar.waitUntilReady();
    await sidebar.link('Reviews').click();
    await page.waitForURL(`${teamUrl()}/reviews`);
    const reviews = new ReviewsPage(page);
    await reviews.row(segmentationId).waitFor();
    expect(await reviews.cells(segmentationId)).toMatchObject({
      structure: 'Liver',
      author: 'Anna Annotator',
      state: 'Pending review',
    });
    const tab = await reviews.open(segmentationId);
    await new AnnotatorPage(tab).waitUntilRendered();
    const decide = new ReviewPanel(tab);
    await decide.panel.waitFor();
    expect(await decide.stateText()).toBe('Pending review');
    await decide.button('Approve').click();
    await decide.toast('Segmentation approved').waitFor();
    await expect.poll(() => decide.stateText()).toBe('Approved');
    expect(await decide.eventTexts()).toEqual([
      'Submitted for review · Anna Annotator',
      'Approved · Mia Member',
    ]);
  });

  it('the Annotator’s open tab is told of the approval without a reload', async () => {
    await authorSide.toast('Your segmentation was approved').waitFor();
    await authorSide.submitArea.getByText('Approved', { exact: true }).waitFor();
    await screenshot(annotator.page, 'reviews-seeded-roles-approved');
  });
});
