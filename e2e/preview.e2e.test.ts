import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SeriesPreviewTile } from './pages/SeriesPreviewTile';
import { UploadPage } from './pages/UploadPage';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { ownerOfNewTeam } from './support/owner';
import { filesUnder, TESTDATA_DIR } from './support/testdata';

/**
 * Previews (issue 3, item 3): CT series (native DICOM), the JPEG-LS and JPEG 2000 files of dcm_qa_ts
 * (one series, converted by dcm2niix in the browser), a NIfTI file and a DICOM cut short in its pixel data.
 */
describe.skipIf(e2eSkipReason())('upload V2 previews, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const owner = newCredentials('Petra Preview');
  const team = { title: 'Preview Lab', slug: 'preview-lab' };
  const temp = mkdtempSync(path.join(os.tmpdir(), 'voxa-preview-e2e-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  let person: Person;

  it('opens /upload-v2 as the Owner of a new team', async () => {
    person = await ownerOfNewTeam(e2e, owner, team);
    const { page } = person;
    await new UploadPage(page).open(e2e.server.teamUrl(team.slug));
  });

  it('previews native DICOM, compressed DICOM (via dcm2niix) and NIfTI; a damaged file shows Error', async () => {
    const { page } = person;
    const upload = new UploadPage(page);
    // CT_small (series 1, 128x128) cut inside its pixel data: the header reads, the image cannot.
    const whole = readFileSync(path.join(TESTDATA_DIR, 'dicom/pydicom/CT_small.dcm'));
    const cut = path.join(temp, 'CT_small_cut.dcm');
    writeFileSync(cut, whole.subarray(0, whole.length - 10_000));
    await upload.browse([
      ...filesUnder(path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct')),
      ...['7.dcm', '8.dcm', '9.dcm'].map((name) => path.join(TESTDATA_DIR, 'dicom/dcm_qa_ts', name)),
      path.join(TESTDATA_DIR, 'nifti/nibabel/anatomical.nii'),
      cut,
    ]);
    await upload.waitUntilRead();

    const damaged = new SeriesPreviewTile(page, '1');
    await damaged.waitForPlaceholder('Error');
    // dcm_qa_ts files share one series UID; the series takes the number of its first file.
    for (const label of ['2', '201', '7', '?']) {
      const tile = new SeriesPreviewTile(page, label);
      await tile.waitForImage();
      const stats = await tile.imageStats();
      expect(stats.lit, `serie ${label} is not black`).toBeGreaterThan(0.05);
    }
    await screenshot(page, 'upload-v2-previews');
  });

  it('moves the slider to another slice and shows another image', async () => {
    const { page } = person;
    const ct = new SeriesPreviewTile(page, '2');
    await ct.waitForImage();
    const before = { slice: await ct.slice(), stats: await ct.imageStats() };
    expect(before.slice).toBe(13);
    await ct.slider.focus();
    await page.keyboard.press('Home');
    await ct.root.locator('[data-testid="preview-image"][data-slice="0"]').waitFor();
    // The slice number shows before the new image has decoded: wait for the image itself.
    await expect.poll(async () => (await ct.imageStats()).checksum).not.toBe(before.stats.checksum);
    expect((await ct.imageStats()).lit).toBeGreaterThan(0);
    // A compressed series slides through the slices of its converted NIfTI (35 from one mosaic).
    const compressed = new SeriesPreviewTile(page, '7');
    expect(Number(await compressed.slider.getAttribute('aria-valuemax'))).toBe(34);
    // A single-image series has nothing to slide.
    const scout = new SeriesPreviewTile(page, '100');
    await scout.waitForImage();
    expect(await scout.sliderDisabled()).toBe(true);
    expect(await ct.sliderDisabled()).toBe(false);
  });

  it('toggles the scaled view with a right-click', async () => {
    const { page } = person;
    const nifti = new SeriesPreviewTile(page, '?');
    expect(await nifti.isScaled()).toBe(false);
    const small = await nifti.tile.boundingBox();
    await nifti.tile.click({ button: 'right' });
    await expect.poll(() => nifti.isScaled()).toBe(true);
    const large = await nifti.tile.boundingBox();
    expect(large?.width).toBeGreaterThan((small?.width ?? 0) * 1.5);
    await nifti.tile.click({ button: 'right' });
    await expect.poll(() => nifti.isScaled()).toBe(false);
    expect(person.errors).toEqual([]);
  });
});
