import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeZip } from '../apps/server/test/zip-writer';
import { SeriesPreviewTile } from './pages/SeriesPreviewTile';
import { UploadPage } from './pages/UploadPage';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { newCredentials } from './support/people';
import { ownerOfNewTeam } from './support/owner';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { filesUnder, TESTDATA_DIR } from './support/testdata';

const CT = path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct');
const COMPRESSED = ['7.dcm', '8.dcm', '9.dcm'].map((name) =>
  path.join(TESTDATA_DIR, 'dicom/dcm_qa_ts', name),
);
const NIFTI = path.join(TESTDATA_DIR, 'nifti/nibabel/anatomical.nii');

/** Entries of a test archive: corpus files below `base`, under `folder/` as a PACS export would hold them. */
const entriesOf = (base: string, files: string[], folder: string) =>
  files.map((file) => ({ name: `${folder}/${path.relative(base, file)}`, data: readFileSync(file) }));

/**
 * Issue 3's zip states with issue 4's archives: a zip of CT series, compressed DICOM and a NIfTI goes
 * through zip_uploading and zip_preview_processing, the server reads and previews its series, a zip-slip
 * archive beside it is refused with its reason, and the archive's series convert from the server.
 */
describe.skipIf(e2eSkipReason())('upload V2 archives, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const owner = newCredentials('Zora Zip');
  const team = { title: 'Zip Lab', slug: 'zip-lab' };
  const temp = mkdtempSync(path.join(os.tmpdir(), 'voxa-archive-e2e-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  let person: Person;
  let upload: UploadPage;

  it('opens /upload-v2 as the Owner of a new team', async () => {
    person = await ownerOfNewTeam(e2e, owner, team);
    upload = new UploadPage(person.page);
    await upload.open(e2e.server.teamUrl(team.slug));
  });

  it('counts the two archives as compressed and reads them on the server after Next', async () => {
    const exam = path.join(temp, 'exam.zip');
    writeFileSync(
      exam,
      makeZip([
        ...entriesOf(CT, filesUnder(CT), 'CT'),
        ...entriesOf(path.join(TESTDATA_DIR, 'dicom/dcm_qa_ts'), COMPRESSED, 'TS'),
        ...entriesOf(path.dirname(NIFTI), [NIFTI], 'nifti'),
      ]),
    );
    const attack = path.join(temp, 'attack.zip');
    writeFileSync(
      attack,
      makeZip([{ name: '../../escaped.dcm', data: readFileSync(COMPRESSED[0] as string) }]),
    );
    await upload.browse([exam, attack]);
    await expect.poll(() => upload.count('compressed')).toBe(2);
    await upload.next.click();
    await expect.poll(() => upload.state.textContent(), { timeout: 60_000 }).toMatch(/^zip_|^preview$/);
    await upload.state.filter({ hasText: /^preview$/ }).waitFor({ timeout: 300_000 });
    await upload.toast('leaves the archive folder').waitFor({ timeout: 60_000 });
    // What the server could not read of the archive (its DICOMDIR files) is listed on the page with reasons.
    await person.page
      .getByTestId('skipped-files')
      .filter({ hasText: /DIRFILE: / })
      .waitFor();
  });

  it('previews the archive’s native, compressed and NIfTI series with images rendered on the server', async () => {
    const { page } = person;
    for (const label of ['2', '201', '7', '?']) {
      const tile = new SeriesPreviewTile(page, label);
      await tile.waitForImage();
      expect((await tile.imageStats()).lit, `serie ${label} is not black`).toBeGreaterThan(0.05);
    }
    const ct = new SeriesPreviewTile(page, '2');
    const before = await ct.imageStats();
    await ct.slider.focus();
    await page.keyboard.press('Home');
    await ct.root.locator('[data-testid="preview-image"][data-slice="0"]').waitFor();
    // The slice number shows before the new image has decoded: wait for the image itself.
    await expect.poll(async () => (await ct.imageStats()).checksum).not.toBe(before.checksum);
    await screenshot(page, 'upload-v2-archive-previews');
  });

  it(
    'converts the archive’s series from the server: Upload finished! with every selected series done',
    {
      timeout: 600_000,
    },
    async () => {
      const { page } = person;
      // Recognition (of DICOM studies) answers first; a selected series it left without an acquisition gets the first one offered.
      for (const study of await page.locator('[data-study-id]:not([data-study-id^="nifti:"])').all())
        await upload.recognized(study).waitFor({ timeout: 120_000 });
      for (const card of await page.getByTestId('series-row').all()) {
        const selected = await card.getByRole('checkbox', { name: 'Select series' }).isChecked();
        const acquisition = card.getByRole('textbox', { name: 'Acquisition' });
        if (!selected || !['', 'NONE'].includes(await acquisition.inputValue())) continue;
        await acquisition.click();
        await page
          .getByRole('option')
          .filter({ hasNotText: /^NONE$/ })
          .first()
          .click();
        await expect.poll(() => acquisition.inputValue()).not.toBe('NONE');
      }
      const process = page.getByRole('button', { name: /^Process \(\d+ selected\)$/ });
      await process.click({ timeout: 60_000 });
      await screenshot(page, 'upload-v2-archive-processing');
      await upload.state.filter({ hasText: /^(upload|converting|finished)$/ }).waitFor({ timeout: 30_000 });
      await upload.toast('Upload finished!').waitFor({ timeout: 600_000 });
      const statuses = await page.getByTestId('series-status').allTextContents();
      expect(statuses.filter((s) => s !== 'skipped').length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s !== 'skipped' && s !== 'done')).toEqual([]);
      expect(person.errors).toEqual([]);
    },
  );
  it('closes the finished upload and reads a new archive in the same page', async () => {
    const { page } = person;
    await page.getByRole('button', { name: 'Close upload' }).click();
    await upload.state.filter({ hasText: /^ready$/ }).waitFor();
    expect(await page.getByTestId('skipped-files').count()).toBe(0);
    const again = path.join(temp, 'again.zip');
    writeFileSync(again, makeZip(entriesOf(path.dirname(NIFTI), [NIFTI], 'nifti')));
    await upload.browse([again]);
    await expect.poll(() => upload.count('compressed')).toBe(1);
    await upload.next.click();
    await upload.state.filter({ hasText: /^preview$/ }).waitFor({ timeout: 120_000 });
    await new SeriesPreviewTile(page, '?').waitForImage();
    expect(await upload.patientNames()).toEqual(['Unknown Patient']);
  });
});
