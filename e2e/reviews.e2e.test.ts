import { describe, expect, it } from 'vitest';
import { AnnotatorPage } from './pages/AnnotatorPage';
import { AnnotatorPaintPanel } from './pages/AnnotatorPaintPanel';
import { ReviewPanel } from './pages/ReviewPanel';
import { ReviewsPage } from './pages/ReviewsPage';
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

interface NotificationRow {
  type_code: string;
  model1_id: number | null;
  url: string | null;
}

/**
 * Issue 14 item 3 in Chromium: on a real converted CT (the seeded one, seeded.ts: the GE head CT of
 * dcm_qa_ct, one axial series of 28 slices, 512 x 512), an annotator submits a segmentation for review; the
 * reviewer finds it in /reviews and opens it in the annotator in review mode, comments with an @mention of
 * the Owner, requests changes; the annotator submits again; the reviewer approves. The Owner holds the
 * mention's notification and the annotator the approval's (GET /notification as each).
 */
describe.skipIf(e2eSkipReason())('reviews: from submission to approval', () => {
  const e2e = setupE2e({}, { seeded: true });
  stepsOfOneStory();
  const team = SEEDED_TEAM;
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  let annotator: Person;
  let reviewer: Person;
  let seriesUuid: string;
  let segmentationId: number;
  let authorSide: ReviewPanel;
  let reviewTab: ReviewPanel;

  it(
    'starts from the seeded, converted CT; a Liver segmentation with a mask; an Annotator and a reviewer join',
    { timeout: 300_000 },
    async () => {
      owner = await seededOwner(e2e);
      const { page } = owner;
      const study = await apiOk<{ series: { uuid: string }[] }>(
        page,
        'GET',
        `/annotator/studies/${seededData().ct.studyUuid}`,
      );
      seriesUuid = study.series[0]?.uuid ?? '';
      expect(seriesUuid).toBe(seededData().ct.seriesUuid);
      // Not shared: whoever holds r:segmentations changes it, whoever holds r:reviews reviews it.
      segmentationId = (await segmentationWithEmptyMask(page, seriesUuid, { structure: 'liver' })).id;
      annotator = await memberOfTeam(e2e, owner, team, newCredentials('Anna Annotator'), 'Annotator');
      reviewer = await memberOfTeam(e2e, owner, team, newCredentials('Rex Reviewer'), 'Member');
    },
  );

  it('the annotator submits the segmentation for review from the annotator', async () => {
    const viewer = new AnnotatorPage(annotator.page);
    await viewer.open(teamUrl(), seriesUuid);
    await viewer.waitUntilRendered();
    await new AnnotatorPaintPanel(annotator.page).choose('Liver');
    authorSide = new ReviewPanel(annotator.page);
    await authorSide.submitArea.getByText('Not submitted').waitFor();
    await authorSide.submitUnderMask();
  });

  it('the reviewer finds it in /reviews with study, structure, author, age and state', async () => {
    const { page } = reviewer;
    const sidebar = new Sidebar(page);
    await sidebar.waitUntilReady();
    await sidebar.link('Reviews').click();
    await page.waitForURL(`${teamUrl()}/reviews`);
    const reviews = new ReviewsPage(page);
    await reviews.row(segmentationId).waitFor();
    const cells = await reviews.cells(segmentationId);
    expect(cells).toMatchObject({
      structure: 'Liver',
      author: 'Anna Annotator',
      state: 'Pending review',
    });
    expect(cells.study).toMatch(/^CT/);
    expect(cells.age).toMatch(/^(just now|\d+ min)$/);
    await screenshot(page, 'reviews-list');
  });

  it('opens it in the annotator in review mode, comments with an @mention and requests changes', async () => {
    const tab = await new ReviewsPage(reviewer.page).open(segmentationId);
    await tab.waitForURL(`${teamUrl()}/annotator/case/${seriesUuid}?task_id=${segmentationId}&review=true`);
    await new AnnotatorPage(tab).waitUntilRendered();
    reviewTab = new ReviewPanel(tab);
    await reviewTab.panel.waitFor();
    expect(await reviewTab.stateText()).toBe('Pending review');
    expect(await reviewTab.eventTexts()).toEqual(['Submitted for review · Anna Annotator']);
    // Review mode shows the segmentation under review, read-only.
    await expect
      .poll(() => tab.getByTestId('mask-status').innerText(), { timeout: 60_000 })
      .toBe('Revision 1');

    await reviewTab.comment('The dome is missing, ', SEEDED_OWNER.name, 'please have a look.');
    expect(await reviewTab.comments.last().innerText()).toContain(
      `The dome is missing, @${SEEDED_OWNER.name} please have a look.`,
    );
    await reviewTab.button('Request changes').click();
    await reviewTab.toast('Changes requested').waitFor();
    await expect.poll(() => reviewTab.stateText()).toBe('Changes requested');
    expect(await reviewTab.button('Approve').count()).toBe(0);
    await screenshot(tab, 'review-panel-changes-requested');
  });

  it('the annotator submits again; the reviewer approves; the history shows both rounds', async () => {
    await annotator.page.reload();
    await new AnnotatorPage(annotator.page).waitUntilRendered();
    await new AnnotatorPaintPanel(annotator.page).choose('Liver');
    await authorSide.submitArea.getByText('Changes requested').waitFor();
    await authorSide.submitUnderMask();
    // The reviewer's /reviews, left open in the first tab, follows without a reload.
    await new ReviewsPage(reviewer.page).row(segmentationId).getByText('round 2').waitFor();

    await reviewTab.page.reload();
    // The volume first: NiiVue building its textures under software WebGL holds the page's thread.
    await new AnnotatorPage(reviewTab.page).waitUntilRendered();
    await reviewTab.panel.waitFor();
    await reviewTab.button('Approve').click();
    await reviewTab.toast('Segmentation approved').waitFor();
    await expect.poll(() => reviewTab.stateText()).toBe('Approved');
    expect(await reviewTab.eventTexts()).toEqual([
      'Submitted for review · Anna Annotator',
      'Requested changes · Rex Reviewer',
      'Submitted for review · Anna Annotator',
      'Approved · Rex Reviewer',
    ]);
  });

  it('notified the mentioned Owner of the comment and the annotator of the approval', async () => {
    const url = `/annotator/case/${seriesUuid}?task_id=${segmentationId}&review=true`;
    const ofOwner = await apiOk<{ notifications: { data: NotificationRow[] } }>(
      owner.page,
      'GET',
      '/notification?per_page=50',
    );
    expect(ofOwner.notifications.data).toContainEqual(
      expect.objectContaining({ type_code: 'review.add.comment', model1_id: segmentationId, url }),
    );
    const ofAnnotator = await apiOk<{ notifications: { data: NotificationRow[] } }>(
      annotator.page,
      'GET',
      '/notification?per_page=50',
    );
    expect(ofAnnotator.notifications.data.map((n) => n.type_code)).toEqual([
      'review.approve',
      'review.request.changes',
    ]);
    expect(ofAnnotator.notifications.data[0]).toMatchObject({ model1_id: segmentationId, url });
  });
});
