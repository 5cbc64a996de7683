import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readDicomHeader } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { OrganizePanel } from './pages/OrganizePanel';
import { Sidebar } from './pages/Sidebar';
import { StudiesPage } from './pages/StudiesPage';
import { UploadPage } from './pages/UploadPage';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { memberOfTeam } from './support/member';
import { ownerOfNewTeam } from './support/owner';
import { seedStudy } from './support/seedStudy';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { filesUnder, TESTDATA_DIR } from './support/testdata';

/** One GE MR study of the NIH corpus: 4 series (numbers 4 to 7) of 150 files. */
const GE_STUDY = path.join(TESTDATA_DIR, 'dicom/dcm_qa_nih/20180918GE');

/** Chromium's computed colour of a hex colour, as a pill's border reports it. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/**
 * Issue 5 in the browser: a study uploaded and converted for real shows in the studies list with its
 * slideshow; labels are created, searched, attached, detached and recoloured there; a favourite set in
 * one tab shows in another; the organize panel reorders series and sets the reference, and both persist.
 */
describe.skipIf(e2eSkipReason())('studies list, labels, favourites and organize, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const owner = newCredentials('Stella Studies');
  const team = { title: 'Studies Lab', slug: 'studies-lab' };
  let person: Person;
  let list: StudiesPage;
  let uuid: string;
  const teamUrl = () => e2e.server.teamUrl(team.slug);

  it('uploads the GE study: its 4 series convert', { timeout: 600_000 }, async () => {
    person = await ownerOfNewTeam(e2e, owner, team);
    const { page } = person;
    const upload = new UploadPage(page);
    await upload.open(teamUrl());
    await upload.browse(filesUnder(GE_STUDY).filter((f) => f.endsWith('.dcm')));
    await upload.waitUntilRead();
    await upload.next.click();
    await upload.processButton(4).waitFor();
    await upload.recognized(page.locator('[data-study-id]').first()).waitFor({ timeout: 120_000 });
    const cards = page.getByTestId('series-row');
    for (let i = 0; i < 4; i += 1) {
      await cards.nth(i).getByRole('textbox', { name: 'Acquisition' }).click();
      await page.getByRole('option', { name: 'T2W', exact: true }).click();
    }
    await upload.processButton(4).click();
    await upload.toast('Upload finished!').waitFor({ timeout: 600_000 });
    expect(await page.getByTestId('series-status').allTextContents()).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
    // Organize and Open appear once a series is done and stored.
    await expect.poll(() => cards.getByRole('link', { name: 'Organize' }).count()).toBe(4);
    await expect.poll(() => cards.getByRole('button', { name: 'Open' }).count()).toBe(4);
  });

  it('lists the study under its pseudonym with dates and a slideshow of server frames', async () => {
    const { page } = person;
    await new Sidebar(page).link('Studies').click();
    list = new StudiesPage(page);
    await list.table.waitFor();
    await expect.poll(() => list.rows.count()).toBe(1);
    const row = list.rows.first();
    uuid = (await row.getAttribute('data-study-uuid')) ?? '';
    expect((await list.patientNames())[0]).toMatch(/^ANON-[0-9A-Z]{10}$/);
    expect(await row.getByTestId('study-created').innerText()).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d$/);
    const image = row.getByTestId('slideshow').locator('img');
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    // The hover strip steps through the frames.
    const box = await image.boundingBox();
    if (!box) throw new Error('no slideshow image');
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    await expect.poll(() => image.getAttribute('data-frame')).not.toBe('0');
  });

  it('creates a label, finds it in any case, detaches and attaches it, and recolours it', async () => {
    const { page } = person;
    const row = list.row(uuid);
    await list.labelSearch(row).fill('Liver cohort');
    await list.options().filter({ hasText: 'Add new label' }).click();
    await list.pill(row, 'Liver cohort').waitFor();
    await list.labelSearch(row).fill('Follow-up');
    await list.options().filter({ hasText: 'Add new label' }).click();
    await expect.poll(() => list.labelNames(row)).toEqual(['Follow-up', 'Liver cohort']);

    await row.getByRole('button', { name: 'Remove label Liver cohort' }).click();
    await expect.poll(() => list.labelNames(row)).toEqual(['Follow-up']);
    await list.labelSearch(row).fill('LIVER');
    await expect.poll(() => list.options().allInnerTexts()).toEqual(['Liver cohort']);
    await list.options().filter({ hasText: 'Liver cohort' }).click();
    await expect.poll(() => list.labelNames(row)).toEqual(['Follow-up', 'Liver cohort']);

    const pill = list.pill(row, 'Liver cohort');
    expect(await pill.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe(rgb('#0043de'));
    await row.getByRole('button', { name: 'Edit label Liver cohort' }).click();
    await page.getByRole('button', { name: 'Color #e03131' }).click();
    await expect(page.getByLabel('Label color').inputValue()).resolves.toBe('#e03131');
    await page.getByRole('button', { name: 'Save label' }).click();
    await expect.poll(() => pill.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe(rgb('#e03131'));
    await list.open(teamUrl());
    await expect
      .poll(() =>
        list.pill(list.row(uuid), 'Liver cohort').evaluate((el) => getComputedStyle(el).borderLeftColor),
      )
      .toBe(rgb('#e03131'));
  });

  it('reloads page 1 from the header and filters by a label', async () => {
    const { page } = person;
    const reloaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/studies-v2');
    await list.reload.click();
    expect((await reloaded).status()).toBe(200);

    // A page that fails to load leaves the list as it was, and its loader goes away.
    const failing = /\/api\/studies-v2\?.*filter_id=/;
    await page.route(failing, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Gone."}' }),
    );
    const failed = page.waitForResponse((r) => failing.test(r.url()));
    await page.getByRole('textbox', { name: 'Filter' }).click();
    await page.getByRole('option', { name: 'Liver cohort', exact: true }).click();
    expect((await failed).status()).toBe(404);
    await page.getByLabel('Loading studies').waitFor({ state: 'detached' });
    expect(await list.rows.count()).toBe(1);
    await page.unroute(failing);

    await page.getByRole('textbox', { name: 'Filter' }).click();
    await page.getByRole('option', { name: 'Follow-up', exact: true }).click();
    await page.waitForURL(/filter_id=\d+/);
    await expect.poll(() => list.rows.count()).toBe(1);
  });

  it('shows a favourite set in one tab in a second tab, named by its patient', async () => {
    const { page } = person;
    const name = (await list.patientNames())[0] ?? '';
    const second = await person.context.newPage();
    const other = new StudiesPage(second);
    await other.open(teamUrl());
    await list.heart(list.row(uuid)).click();
    await expect.poll(() => other.heart(other.row(uuid)).getAttribute('aria-pressed')).toBe('true');
    expect(await other.favouriteNames()).toEqual([name]);
    await second.close();
    await screenshot(page, 'studies-list');
  });

  it('lists the upload for the administrator, and its link filters the studies', async () => {
    const { page } = person;
    await new Sidebar(page).link('Upload history').click();
    const rows = page.getByTestId('upload-row');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('link').click();
    await page.waitForURL(/\/studies-v2\?bupload_id=\d+$/);
    await page.getByTestId('upload-filter').waitFor();
    await expect.poll(() => list.rows.count()).toBe(1);
  });

  it('reorders the series and sets a reference in the organize panel; both persist', async () => {
    const { page } = person;
    await list.row(uuid).getByRole('link', { name: 'Organize' }).click();
    const organize = new OrganizePanel(page);
    await organize.waitUntilShown();
    await expect.poll(() => organize.order('T2W')).toEqual(['Series 4', 'Series 5', 'Series 6', 'Series 7']);

    await organize.down('Series 4').click();
    await expect.poll(() => organize.order('T2W')).toEqual(['Series 5', 'Series 4', 'Series 6', 'Series 7']);
    await organize.up('Series 7').click();
    await expect.poll(() => organize.order('T2W')).toEqual(['Series 5', 'Series 4', 'Series 7', 'Series 6']);

    await organize.reference('Series 6').click();
    await expect.poll(() => organize.references()).toEqual(['Series 6']);
    await organize.reference('Series 7').click();
    await expect.poll(() => organize.references()).toEqual(['Series 7']);
    await screenshot(page, 'organize');

    await page.reload();
    await organize.waitUntilShown();
    await expect.poll(() => organize.order('T2W')).toEqual(['Series 5', 'Series 4', 'Series 7', 'Series 6']);
    expect(await organize.references()).toEqual(['Series 7']);

    // Open: the annotator in a new tab on the team sub-domain, the study remembered.
    const [annotator] = await Promise.all([
      person.context.waitForEvent('page'),
      organize.series('Series 4').getByRole('button', { name: 'Open' }).click(),
    ]);
    await expect
      .poll(() => annotator.url())
      .toMatch(new RegExp(`^${teamUrl()}/annotator/case/[0-9a-f-]{36}$`));
    await annotator.close();
    expect(await page.evaluate(() => localStorage.getItem('lastOpenStudyUuid'))).toBe(uuid);

    // Clicking the current reference clears it; the study is renamed (Enter saves).
    await organize.reference('Series 7').click();
    await expect.poll(() => organize.references()).toEqual([]);
    await page.getByRole('button', { name: 'Edit name' }).click();
    await page.getByRole('textbox', { name: 'Study name' }).fill('Case 7');
    await page.keyboard.press('Enter');
    await organize.name.filter({ hasText: 'Case 7' }).waitFor();
    await page.reload();
    await organize.waitUntilShown();
    expect(await organize.references()).toEqual([]);
    expect(await organize.name.innerText()).toBe('Case 7');
    expect(person.errors).toEqual([]);
  });

  it('lets a Viewer read the list but turns them away from the organize panel: Not authorized', async () => {
    const viewer = await memberOfTeam(e2e, person, team, newCredentials('Vera Viewer'), 'Viewer');
    const { page } = viewer;
    const viewerList = new StudiesPage(page);
    await viewerList.open(teamUrl());
    await expect.poll(() => viewerList.rows.count()).toBe(1);
    const row = viewerList.row(uuid);
    expect(await viewerList.labelNames(row)).toEqual(['Follow-up', 'Liver cohort']);
    expect(await viewerList.labelSearch(row).isDisabled()).toBe(true);
    expect(await row.getByRole('link', { name: 'Organize' }).count()).toBe(0);

    await page.goto(`${teamUrl()}/serie/organize/${uuid}`);
    await page.waitForURL(`${teamUrl()}/dashboard`);
    await page.getByRole('alert').filter({ hasText: 'Not authorized' }).waitFor();
  });

  it('badges the study as a duplicate once the team holds another upload of the same study', async () => {
    const { page } = person;
    const first = filesUnder(GE_STUDY).find((f) => f.endsWith('.dcm')) as string;
    const header = readDicomHeader(new Uint8Array(readFileSync(first)));
    if (!header.ok || !header.header.studyInstanceUid)
      throw new Error('The GE study has no StudyInstanceUID');
    const organize = new OrganizePanel(page);
    expect(await page.getByTestId('duplicate-badge').count()).toBe(0);
    await e2e.restart(() =>
      seedStudy(e2e.server.dataDir, team.slug, header.header.studyInstanceUid as string),
    );
    // The restarted server may listen on another port: the panel is opened at its address again.
    await page.goto(`${teamUrl()}/serie/organize/${uuid}`);
    await organize.waitUntilShown();
    await page.getByTestId('duplicate-badge').filter({ hasText: 'Duplicate' }).waitFor();
  });
});
