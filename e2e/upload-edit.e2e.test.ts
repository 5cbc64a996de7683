import path from 'node:path';
import type { Dialog } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Sidebar } from './pages/Sidebar';
import { UploadPage } from './pages/UploadPage';
import { apiOk } from './support/apiCall';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { newCredentials } from './support/people';
import { seedStudy } from './support/seedStudy';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { ownerOfNewTeam } from './support/owner';
import { filesUnder, TESTDATA_DIR } from './support/testdata';

const LEAVE_MESSAGE = 'You are about to close upload in progress. Are you sure?';

/** Studies of the drop, by StudyInstanceUID (two studies share the name 'Test Regression'). */
const CT = '1.2.826.0.1.3680043.9.4245.1760717064491086528325869788156915668';
const HEAD = '1.3.46.670589.33.1.27492712521914879309.27169771283235650014';
const GE_MR = '1.2.840.113619.6.408.28831229784644470934771902094312156645';
const NIFTI_FILE = path.join(TESTDATA_DIR, 'nifti/nibabel/anatomical.nii');
const NIFTI = `nifti:${path.basename(NIFTI_FILE)}`;

/**
 * Upload V2 editing (issue 3, items 4 and 6): the Owner drops the CT corpus, the NIH corpus and a NIfTI,
 * edits studies and series in preview, leaves the page and comes back through the mini panel, and
 * processes a valid selection.
 */
describe.skipIf(e2eSkipReason())('upload V2 editing, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const owner = newCredentials('Pia Preview');
  const team = { title: 'Edit Lab', slug: 'edit-lab' };
  let person: Person;
  let upload: UploadPage;

  it('signs the Owner in on a new team that already holds the HEAD study', async () => {
    person = await ownerOfNewTeam(e2e, owner, team);
    // The upload offers the team's pipelines: one made from a blueprint (its pages have their own story).
    await apiOk(
      person.page,
      'POST',
      '/pipeline',
      {
        code: 'CT_ABDOMEN',
        name: 'Abdomen CT (portal venous)',
        modality_code: 'CT',
        acquisitions: [{ code: 'PV', models: [] }],
        blueprint_code: 'CT_ABDOMEN',
      },
      201,
    );
    // The team already holds the HEAD study, as if uploaded before.
    await e2e.restart(() => seedStudy(e2e.server.dataDir, team.slug, HEAD));
  }, 300_000);

  it('reads the drop and moves on to preview', async () => {
    upload = new UploadPage(person.page);
    await upload.open(e2e.server.teamUrl(team.slug));

    await upload.browse([
      ...filesUnder(path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct')),
      ...filesUnder(path.join(TESTDATA_DIR, 'dicom/dcm_qa_nih')),
      NIFTI_FILE,
    ]);
    await upload.waitUntilRead();
    await upload.next.click();
    await upload.state.filter({ hasText: 'preview' }).waitFor();
    // CT 1 + HEAD 2 (its 1-image series starts deselected) + GE MR 4 + NIfTI 1; the Siemens 2-image series start deselected.
    await upload.processButton(8).waitFor();
    const scout = upload
      .studyById(HEAD)
      .locator('[data-testid="series-row"]')
      .filter({
        has: upload.page.getByRole('checkbox', { name: 'Select series', checked: false }),
      });
    await upload.deselectedNote(scout).filter({ hasText: '1 to 5 single images' }).waitFor();
    // Some 650 files: reading them took up to 2 minutes on a shared 2-core machine.
  }, 240_000);

  it('warns about a study the team already holds, and only about that one', async () => {
    const warning = 'Study exists in your team. Study will be duplicate.';
    await upload.studyById(HEAD).getByText(warning).waitFor();
    await upload.page.waitForLoadState('networkidle');
    await expect(upload.page.getByText(warning).count()).resolves.toBe(1);
  });

  it('edits a study name: Esc cancels, Enter saves and marks it, restore brings the original back', async () => {
    const ct = upload.studyById(CT);
    const anonymizeAnyway = ct.getByRole('checkbox', { name: 'Anonymize anyway' });
    await ct.getByRole('button', { name: 'Edit name' }).click();
    await ct.getByLabel('Patient name').fill('Case 7');
    await ct.getByLabel('Patient name').press('Escape');
    await expect(ct.getByTestId('study-patient').textContent()).resolves.toBe('REMOVED');

    await ct.getByRole('button', { name: 'Edit name' }).click();
    await ct.getByLabel('Patient name').fill('Case 7');
    await ct.getByLabel('Patient name').press('Enter');
    await ct.getByTestId('study-patient').filter({ hasText: 'Case 7' }).waitFor();
    await ct.getByTestId('name-changed').waitFor();
    await expect(anonymizeAnyway.isChecked()).resolves.toBe(false);

    await ct.getByRole('button', { name: 'Restore' }).click();
    await ct.getByTestId('study-patient').filter({ hasText: 'REMOVED' }).waitFor();
    await ct.getByTestId('name-changed').waitFor({ state: 'detached' });
    await expect(anonymizeAnyway.isChecked()).resolves.toBe(true);
  });

  it('selects a study in three states: some, all, none', async () => {
    const head = upload.studyById(HEAD);
    const box = head.getByRole('checkbox', { name: 'Select study' });
    await expect(box.getAttribute('data-indeterminate')).resolves.toBe('true');
    await box.click();
    await upload.processButton(9).waitFor();
    await expect(box.isChecked()).resolves.toBe(true);
    await expect(box.getAttribute('data-indeterminate')).resolves.toBeNull();
    await box.click();
    await upload.processButton(6).waitFor();
    await expect(box.isChecked()).resolves.toBe(false);
    await box.click();
    await upload.processButton(9).waitFor();
  });

  it('requires a series number; a NIfTI series shows ? with a tooltip', async () => {
    // By id: the card's name follows the number, which this step empties.
    const id = await upload.seriesCard(upload.studyById(HEAD), '201').getAttribute('data-series-id');
    const number = upload.seriesById(id ?? '').getByLabel('Serie number');
    await number.fill('');
    await number.press('Enter');
    await upload.toast('Serie number is required').waitFor();
    await expect(number.getAttribute('required')).resolves.not.toBeNull();
    await expect(number.getAttribute('aria-invalid')).resolves.toBe('true');
    await number.fill('201');
    await number.press('Enter');
    await upload.page.waitForFunction(
      (el) => el?.getAttribute('aria-invalid') !== 'true',
      await number.elementHandle(),
    );

    await upload.seriesById(path.basename(NIFTI_FILE)).getByTestId('series-number').hover();
    await upload.page
      .getByRole('tooltip')
      .filter({ hasText: "Nifty files don't contain serie number. It will be computed after processing" })
      .waitFor();
  });

  it('chooses an acquisition among those of the modality, which makes the CT series the reference', async () => {
    const series = upload.seriesCard(upload.studyById(CT), '2');
    const acquisition = series.getByRole('textbox', { name: 'Acquisition' });
    await acquisition.click();
    await acquisition.fill('T2');
    await upload.page.getByText('No acquisition found.').waitFor();
    await acquisition.fill('');
    const offered = await upload.page.getByRole('option').allInnerTexts();
    expect(offered).toEqual(['NONE', 'NATIVE', 'AR', 'PV', 'DL']);
    await upload.page.getByRole('option', { name: 'AR', exact: true }).click();
    await expect(acquisition.inputValue()).resolves.toBe('AR');
    await expect(
      series.getByRole('button', { name: 'Reference' }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
  });

  it('keeps one reference series per study; clicking the current one clears it', async () => {
    const mr = upload.studyById(GE_MR);
    const reference = (n: string) => upload.seriesCard(mr, n).getByRole('button', { name: 'Reference' });
    const pressed = async () =>
      Promise.all(['4', '5', '6', '7'].map((n) => reference(n).getAttribute('aria-pressed')));
    await reference('4').click();
    await expect(pressed()).resolves.toEqual(['true', 'false', 'false', 'false']);
    await reference('5').click();
    await expect(pressed()).resolves.toEqual(['false', 'true', 'false', 'false']);
    await reference('5').click();
    await expect(pressed()).resolves.toEqual(['false', 'false', 'false', 'false']);
  });

  it('moves the NIfTI series into the CT study', async () => {
    const nifti = upload.seriesById(path.basename(NIFTI_FILE));
    await nifti.getByRole('button', { name: 'Move', exact: true }).click();
    const ownTarget = upload.studyById(NIFTI).getByRole('button', { name: 'Move here' });
    await expect(ownTarget.isDisabled()).resolves.toBe(true);
    await nifti.getByRole('button', { name: 'Cancel move' }).click();
    await ownTarget.waitFor({ state: 'detached' });

    await nifti.getByRole('button', { name: 'Move', exact: true }).click();
    await upload.studyById(CT).getByRole('button', { name: 'Move here' }).click();
    await upload
      .studyById(CT)
      .locator(`[data-series-id="${path.basename(NIFTI_FILE)}"]`)
      .waitFor();
    await upload.studyById(NIFTI).getByText('This study has no series and will not be uploaded.').waitFor();
    // Both studies' acquisitions start over.
    const acquisitions = upload.studyById(CT).getByRole('textbox', { name: 'Acquisition' });
    await expect(
      acquisitions.evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value)),
    ).resolves.toEqual(['NONE', 'NONE']);
  });

  it('creates a label on one study and finds it, in any case, on another', async () => {
    const ct = upload.studyById(CT);
    await ct.getByLabel('Search labels').fill('Liver cohort');
    await upload.page.getByRole('option', { name: 'Add new label' }).click();
    await ct.locator('.mantine-Pill-root', { hasText: 'Liver cohort' }).waitFor();

    const head = upload.studyById(HEAD);
    await head.getByLabel('Search labels').fill('LIVER');
    await upload.page.getByRole('option', { name: 'Liver cohort' }).click();
    await head.locator('.mantine-Pill-root', { hasText: 'Liver cohort' }).waitFor();
  });

  it('asks before leaving in-app, and goes on in the mini panel', async () => {
    const { page } = person;
    const sidebar = new Sidebar(page);
    const confirms: string[] = [];
    const answer = (accept: boolean) => (dialog: Dialog) => {
      confirms.push(`${dialog.type()}: ${dialog.message()}`);
      void (accept ? dialog.accept() : dialog.dismiss());
    };
    page.once('dialog', answer(false));
    await sidebar.link('Dashboard').click();
    await expect.poll(() => confirms).toEqual([`confirm: ${LEAVE_MESSAGE}`]);
    expect(new URL(page.url()).pathname).toBe('/upload-v2');

    page.once('dialog', answer(true));
    await sidebar.link('Dashboard').click();
    await page.waitForURL(/\/dashboard$/);
    const mini = page.getByTestId('mini-upload');
    await mini.waitFor();
    await expect(mini.evaluate((el) => el.getBoundingClientRect().width)).resolves.toBe(1000);
    await expect(mini.getByTestId('mini-upload-state').textContent()).resolves.toBe('preview');
    await expect(mini.getByRole('button', { name: 'Close' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'upload-v2-mini-panel');
    await mini.getByRole('button', { name: 'Minimize' }).click();
    await expect(mini.evaluate((el) => el.getBoundingClientRect().width)).resolves.toBe(300);
    await mini.getByRole('button', { name: 'Expand' }).click();
    await page.waitForURL(/\/upload-v2$/);
    await mini.waitFor({ state: 'detached' });
    // The edits survived the trip.
    await upload.studyById(CT).locator('.mantine-Pill-root', { hasText: 'Liver cohort' }).waitFor();
    await upload.state.filter({ hasText: 'preview' }).waitFor();
  });

  it('asks before the tab reloads (beforeunload)', async () => {
    const { page } = person;
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    // Not awaited as a navigation: dismissing the dialog cancels it.
    await page.evaluate('location.reload()');
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    await upload.state.filter({ hasText: 'preview' }).waitFor();
  });

  it('processes only a valid selection: acquisitions, then the pipeline', async () => {
    const { page } = person;
    // Only the CT study: its series 2 (AR) and the NIfTI moved into it.
    for (const id of [HEAD, GE_MR]) {
      const box = upload.studyById(id).getByRole('checkbox', { name: 'Select study' });
      while ((await box.isChecked()) || (await box.getAttribute('data-indeterminate')) === 'true')
        await box.click();
    }
    const ct = upload.studyById(CT);
    await upload.processButton(2).waitFor();
    const acquisitionOf = (card: ReturnType<UploadPage['seriesById']>) =>
      card.getByRole('textbox', { name: 'Acquisition' });
    const choose = async (card: ReturnType<UploadPage['seriesById']>, code: string) => {
      await acquisitionOf(card).click();
      await page.getByRole('option', { name: code, exact: true }).click();
    };
    await choose(upload.seriesCard(ct, '2'), 'AR');
    await upload.processButton(2).click();
    await upload
      .toast('Some selected series are missing the acquisition. Please select it manually.')
      .waitFor();

    // The series lacking one is marked and scrolled into view, besides the toast.
    const nifti = upload.seriesById(path.basename(NIFTI_FILE));
    await upload.missingAcquisitionMark(nifti).waitFor();
    await expect.poll(() => upload.isInView(nifti)).toBe(true);
    await choose(nifti, 'AR');
    await upload.missingAcquisitionMark(nifti).waitFor({ state: 'detached' });
    await ct.getByRole('textbox', { name: 'Pipeline' }).click();
    await page.getByRole('option', { name: 'Abdomen CT (portal venous)' }).click();
    await upload.processButton(2).click();
    await upload.toast(`Study ${CT} (REMOVED) is missing required acquisitions for pipeline: PV`).waitFor();

    await choose(nifti, 'PV');
    await upload.processButton(2).click();
    await upload.state.filter({ hasText: 'upload' }).waitFor();
    await page.getByTestId('upload-progress').filter({ hasText: 'Uploaded 0 of 2 series' }).waitFor();
    // Text content: the badge shows it upper-cased.
    const statuses = await ct.getByTestId('series-status').allTextContents();
    expect(statuses).toEqual(['uploading', 'uploading']);
    await expect(upload.studyById(HEAD).getByTestId('series-status').allTextContents()).resolves.toEqual([
      'skipped',
      'skipped',
      'skipped',
    ]);
    await screenshot(page, 'upload-v2-processed');
    expect(person.errors).toEqual([]);
  });
});
