import { describe, expect, it } from 'vitest';
import { OrganizePanel } from './pages/OrganizePanel';
import { recordToasts, SegmentationsPanel } from './pages/SegmentationsPanel';
import { StudiesPage } from './pages/StudiesPage';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { memberOfTeam } from './support/member';
import { seededOwner } from './support/owner';
import { newCredentials } from './support/people';
import { SEEDED_CT, SEEDED_OWNER, SEEDED_TEAM } from './support/seeded';
import { seededData } from './support/server';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/** The seeded CT (seeded.ts): the GE head CT of dcm_qa_ct, one series (#2) of 28 slices. */
const SERIES = `Series ${SEEDED_CT.headers.seriesNumber}`;
const STRUCTURE = 'Spleen';

/**
 * Issue 12 item 5 in the browser: on a really converted CT (the seeded one), the organize panel creates
 * a shared segmentation (and its mask), adds, renames, recolours and deletes segments, puts an Annotator
 * in the Annotator box through the 750 px panel (who then may change it, and no longer once removed),
 * shows a non-shared one as 'no rbac' with N/A boxes, and deletes after confirmation. A Viewer cannot
 * change it.
 */
describe.skipIf(e2eSkipReason())('segmentations in the organize panel, end to end', () => {
  const e2e = setupE2e({}, { seeded: true });
  stepsOfOneStory();
  const team = SEEDED_TEAM;
  const annotatorCredentials = newCredentials('Anna Annotator');
  let owner: Person;
  let annotator: Person;
  let panel: SegmentationsPanel;
  let studyUuid: string;
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  const organizeUrl = () => `${teamUrl()}/serie/organize/${studyUuid}`;

  /** Opens the organize panel of the study for a person and waits for the series' segmentations. */
  const openPanel = async (person: Person): Promise<SegmentationsPanel> => {
    await person.page.goto(organizeUrl());
    await new OrganizePanel(person.page).waitUntilShown();
    const opened = new SegmentationsPanel(person.page, SERIES);
    await opened.waitUntilShown();
    return opened;
  };

  it('starts from the seeded, converted CT series, which has no segmentations', async () => {
    owner = await seededOwner(e2e);
    await recordToasts(owner.page);
    const list = new StudiesPage(owner.page);
    await list.open(teamUrl());
    // The seeded CT and MR studies.
    await expect.poll(() => list.rows.count()).toBe(2);
    studyUuid = seededData().ct.studyUuid;
    expect(await list.row(studyUuid).count()).toBe(1);
    panel = await openPanel(owner);
    expect(
      await new OrganizePanel(owner.page).series(SERIES).getByTestId('organize-series-status').textContent(),
    ).toBe('done');
    expect(await panel.section.getByText('No segmentations.').count()).toBe(1);
  });

  it('creates a shared segmentation from the grouped, searchable picker, then its mask', async () => {
    await panel.structurePicker().fill('abdomen spl');
    // Searching matches the category too; the option sits under its category's heading.
    await expect.poll(() => panel.options().allInnerTexts()).toEqual([STRUCTURE]);
    expect(await owner.page.getByRole('listbox').getByText('Abdomen', { exact: true }).count()).toBe(1);
    await panel.options().first().click();
    expect(await panel.sharedSwitch().isChecked()).toBe(true);

    const created = owner.page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/annotator\/segmentations\//.test(r.url()),
    );
    const mask = owner.page.waitForResponse((r) => /\/svc\/v2\/create-mask\//.test(r.url()));
    await panel.createButton().click();
    expect((await created).request().postDataJSON()).toEqual({ structure: 'spleen', rbac: 1 });
    expect((await mask).status()).toBe(201);
    await panel.segmentation(STRUCTURE).waitFor();
    await expect
      .poll(() => panel.toasts())
      .toEqual(['Segmentation has been created', 'Creating mask', 'Mask has been created']);

    const card = panel.segmentation(STRUCTURE);
    expect(await card.getByText('Abdomen', { exact: true }).count()).toBe(1);
    expect(await card.getByText('Shared', { exact: true }).count()).toBe(1);
    expect(await card.getByTestId('segmentation-meta').innerText()).toMatch(
      new RegExp(`^${SEEDED_OWNER.name} · \\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d:\\d\\d$`),
    );
    // A shared segmentation has a box for every role that may change or review one (drawn once the
    // assignments have loaded).
    const boxNames = () =>
      card
        .getByTestId('role-box')
        .evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label')).sort());
    await expect.poll(boxNames).toEqual(['Role Annotator', 'Role Member', 'Role Owner']);
    expect(await panel.members(STRUCTURE, 'Annotator')).toEqual([]);
  });

  it('adds three segments, renames one, recolours one from the palette and deletes one', async () => {
    const add = panel.button(STRUCTURE, 'Add segment');
    for (const n of [1, 2, 3]) {
      await add.click();
      await panel.segment(STRUCTURE, `Part ${n}`).waitFor();
      await panel
        .segmentation(STRUCTURE)
        .getByRole('button', { name: 'Add segment', disabled: false })
        .waitFor();
    }
    expect(await panel.segmentTitles(STRUCTURE)).toEqual(['Part 1', 'Part 2', 'Part 3']);

    const second = panel.segment(STRUCTURE, 'Part 2');
    const secondId = await second.getAttribute('data-segment-id');
    await panel.button(STRUCTURE, 'Rename Part 2').click();
    await owner.page.getByRole('textbox', { name: 'New name of Part 2' }).fill('Lower pole');
    await owner.page.keyboard.press('Enter');
    await panel.segment(STRUCTURE, 'Lower pole').waitFor();

    const third = panel.segment(STRUCTURE, 'Part 3');
    await panel.button(STRUCTURE, 'Color of Part 3').click();
    await owner.page.getByRole('button', { name: 'Color #4363d8' }).click();
    await expect.poll(() => third.getByTestId('segment-color').getAttribute('data-color')).toBe('#4363d8');

    await panel.button(STRUCTURE, 'Delete Part 1').click();
    await expect.poll(() => panel.segmentTitles(STRUCTURE)).toEqual(['Lower pole', 'Part 3']);
    // At most 5 toasts show at once (Mantine's limit): the later ones wait for earlier ones to close.
    const shown = async () => (await panel.toasts()).slice(3);
    await expect
      .poll(shown, { timeout: 20_000 })
      .toEqual([
        'Segment has been create',
        'Segment has been create',
        'Segment has been create',
        `Segment #${secondId} has been renamed`,
        'Color has been updated',
        'Segment has been deleted',
      ]);

    await owner.page.reload();
    await panel.segmentation(STRUCTURE).waitFor();
    expect(await panel.segmentTitles(STRUCTURE)).toEqual(['Lower pole', 'Part 3']);
    expect(await third.getByTestId('segment-color').getAttribute('data-color')).toBe('#4363d8');
  });

  it('lets an unassigned Annotator read the shared segmentation but not change it', async () => {
    annotator = await memberOfTeam(e2e, owner, team, annotatorCredentials, 'Annotator');
    const theirs = await openPanel(annotator);
    await theirs.segmentation(STRUCTURE).waitFor();
    expect(await theirs.segmentTitles(STRUCTURE)).toEqual(['Lower pole', 'Part 3']);
    expect(await theirs.button(STRUCTURE, 'Add segment').isDisabled()).toBe(true);
    expect(
      await theirs
        .segmentation(STRUCTURE)
        .getByRole('button', { name: /^(Rename|Delete) / })
        .count(),
    ).toBe(0);
    expect(await theirs.segmentation(STRUCTURE).getByRole('button', { name: 'Add user' }).count()).toBe(0);
  });

  it('assigns the Annotator in the 750 px panel; they see themselves in the box and may change it', async () => {
    panel = await openPanel(owner);
    const addUser = panel.roleBox(STRUCTURE, 'Annotator').getByRole('button', { name: 'Add user' });
    // A list that fails to load says so in the spec's words (and its spelling).
    const available = /\/api\/segmentations\/available-users\//;
    await owner.page.route(available, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Broken."}' }),
    );
    await addUser.click();
    await panel.addUserPanel
      .getByRole('alert')
      .filter({ hasText: 'An error occured while loading data from server' })
      .waitFor();
    await owner.page.keyboard.press('Escape');
    await panel.addUserPanel.waitFor({ state: 'hidden' });
    await owner.page.unroute(available);

    await addUser.click();
    await panel.addUserPanel.getByTestId('available-user').first().waitFor();
    const width = await panel.addUserPanel.evaluate(
      (el) => (el as unknown as { offsetWidth: number }).offsetWidth,
    );
    expect(width).toBe(750);
    expect(await panel.addUserPanel.getByTestId('available-user').allInnerTexts()).toEqual([
      expect.stringContaining('Anna Annotator'),
    ]);
    await screenshot(owner.page, 'segmentation-add-user');
    await panel.addUserPanel.getByRole('button', { name: 'Add Anna Annotator' }).click();
    await expect.poll(() => panel.members(STRUCTURE, 'Annotator')).toEqual(['Anna Annotator']);
    // Nobody else holds the role: the panel says so in the spec's words.
    await panel.addUserPanel
      .getByText(`No Annotator user in the team ${team.title} is assigned or you assigned all available`, {
        exact: true,
      })
      .waitFor();
    await owner.page.keyboard.press('Escape');
    await panel.addUserPanel.waitFor({ state: 'hidden' });

    const theirs = await openPanel(annotator);
    expect(await theirs.members(STRUCTURE, 'Annotator')).toEqual(['Anna Annotator']);
    await theirs.button(STRUCTURE, 'Add segment').click();
    await theirs.segment(STRUCTURE, 'Part 4').waitFor();
    await theirs.button(STRUCTURE, 'Rename Part 4').waitFor();
  });

  it('removes the Annotator from the box; they read only again', async () => {
    panel = await openPanel(owner);
    await panel.button(STRUCTURE, 'Remove Anna Annotator from Annotator').click();
    await expect.poll(() => panel.members(STRUCTURE, 'Annotator')).toEqual([]);
    const theirs = await openPanel(annotator);
    expect(await theirs.segmentTitles(STRUCTURE)).toEqual(['Lower pole', 'Part 3', 'Part 4']);
    expect(await theirs.button(STRUCTURE, 'Add segment').isDisabled()).toBe(true);
  });

  it('turns a Viewer away from the panel, and the API refuses their change with 403', async () => {
    const viewer = await memberOfTeam(e2e, owner, team, newCredentials('Vic Viewer'), 'Viewer');
    await viewer.page.goto(organizeUrl());
    await viewer.page.waitForURL(`${teamUrl()}/dashboard`);
    await viewer.page.getByRole('alert').filter({ hasText: 'Not authorized' }).waitFor();

    panel = await openPanel(owner);
    const card = panel.segmentation(STRUCTURE);
    const segmentationId = await card.getAttribute('data-segmentation-id');
    const seriesUuid = await owner.page.evaluate(async (uuid) => {
      const res = await fetch(`/api/annotator/studies/${uuid}`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      return ((await res.json()) as { series: { uuid: string }[] }).series[0]?.uuid ?? '';
    }, studyUuid);
    // Signed in by the cookie, from the team's own origin, as the SPA would call it.
    const status = await viewer.page.evaluate(
      async ({ series, id }) =>
        (
          await fetch(`/api/annotator/segment/create/${series}/${id}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
            body: '{}',
          })
        ).status,
      { series: seriesUuid, id: segmentationId },
    );
    expect(status).toBe(403);
    expect(await panel.segmentTitles(STRUCTURE)).toEqual(['Lower pole', 'Part 3', 'Part 4']);
  });

  it('shows a non-shared segmentation dimmed as no rbac with N/A boxes, and deletes both after confirmation', async () => {
    await panel.structurePicker().fill('liver');
    await panel
      .options()
      .filter({ hasText: /^Liver$/ })
      .click();
    await panel.sharedSwitch().click();
    await panel.createButton().click();
    const plain = panel.segmentation('Liver');
    await plain.waitFor();
    const boxes = plain.getByTestId('role-boxes');
    expect(await boxes.getAttribute('data-rbac')).toBe('false');
    const opacity = await boxes.evaluate(
      // Runs in the page (this package compiles without the DOM's types).
      (el) =>
        (globalThis as unknown as { getComputedStyle: (e: unknown) => { opacity: string } }).getComputedStyle(
          el,
        ).opacity,
    );
    expect(opacity).toBe('0.5');
    expect(await boxes.getByText('no rbac', { exact: true }).count()).toBe(1);
    const roles = await boxes.getByTestId('role-box').count();
    expect(roles).toBeGreaterThan(0);
    expect(await boxes.getByText('N/A', { exact: true }).count()).toBe(roles);
    expect(await plain.getByRole('button', { name: 'Add user' }).count()).toBe(0);
    await screenshot(owner.page, 'segmentations');

    for (const structure of ['Liver', STRUCTURE]) {
      await panel.button(structure, `Delete segmentation ${structure}`).click();
      await owner.page
        .getByRole('dialog', { name: 'Delete segmentation' })
        .getByRole('button', { name: 'Delete segmentation' })
        .click();
      await panel.segmentation(structure).waitFor({ state: 'detached' });
    }
    await panel.section.getByText('No segmentations.').waitFor();
    expect((await panel.toasts()).filter((t) => t.startsWith('Segmentation'))).toEqual([
      'Segmentation has been created',
      'Segmentation has been removed',
      'Segmentation has been removed',
    ]);
    expect(owner.errors).toEqual([]);
  });
});
