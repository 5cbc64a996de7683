import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { readZipEntries } from '../apps/server/test/zip-reader';
import { MasterarbeitPage } from './pages/MasterarbeitPage';
import { UploadPage } from './pages/UploadPage';
import { apiOk } from './support/apiCall';
import type { Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { withSeriesUids } from './support/dicomUids';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { TESTDATA_DIR } from './support/testdata';
import { thresholdSegmentation } from './support/thresholdSegmentation';

/** TotalSegmentator's example CT as DICOM: 20 slices of 512 x 512, its UIDs stripped. */
const BODY_CT = path.join(TESTDATA_DIR, 'segmentation/totalsegmentator/example_ct_dicom');

/** NIfTI-1 dims 1..3 of a gzipped file. */
function dims(gz: Buffer): number[] {
  const nii = gunzipSync(gz);
  return [42, 44, 46].map((offset) => nii.readInt16LE(offset));
}

/**
 * Issue 17 item 4 in Chromium against the real server: the administrator uploads a real CT anonymised
 * through the upload page, a two-label mask is imported on it, and on /admin/masterarbeit they choose the
 * team, the structure and the case, start the export, watch it reach done and download the zip: an
 * nnU-Net v2 raw dataset whose image and label share one grid.
 */
describe.skipIf(e2eSkipReason())('research dataset export, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const team = { title: 'Thesis Lab', slug: 'thesis-lab' };
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let admin: Person;
  let seriesUuid = '';
  let structure = '';

  it('uploads and converts a real CT, anonymised', { timeout: 900_000 }, async () => {
    admin = await ownerOfNewTeam(e2e, newCredentials('Theo Thesis'), team);
    const { page } = admin;
    const body = withSeriesUids(BODY_CT);
    onTestFinished(body.remove);
    const upload = new UploadPage(page);
    await upload.open(teamUrl());
    await upload.browse(body.files);
    await upload.waitUntilRead();
    await upload.next.click();
    await upload.recognized(page.locator('[data-study-id]').first()).waitFor({ timeout: 120_000 });
    await page.getByRole('textbox', { name: 'Acquisition' }).click();
    await page.getByRole('option', { name: 'AR', exact: true }).click();
    await upload.processButton(1).click({ timeout: 20_000 });
    await upload.toast('Upload finished!').waitFor({ timeout: 600_000 });
    const studies = await apiOk<{ data: { id: number }[] }>(page, 'GET', '/studies-v2?page=1');
    const listed = await apiOk<{ uuid: string; status: string }[]>(
      page,
      'GET',
      `/studies-v2/series/${studies.data[0]?.id ?? 0}`,
    );
    seriesUuid = listed.find((s) => s.status === 'done')?.uuid ?? '';
    expect(seriesUuid).not.toBe('');
  });

  it('imports a two-label mask of the structure Tissue', { timeout: 120_000 }, async () => {
    const { page } = admin;
    structure = (await apiOk<{ slug: string }>(page, 'POST', '/structures', { title: 'Tissue' }, 201)).slug;
    const made = await thresholdSegmentation(
      page,
      e2e.server.baseUrl,
      team.slug,
      seriesUuid,
      structure,
      [
        { above: -500, value: 9 },
        { above: 300, value: 4 },
      ],
      { 4: 'Bone', 9: 'Body' },
    );
    expect(made.segments.map((s) => [s.title, s.value])).toEqual([
      ['Bone', 4],
      ['Body', 9],
    ]);
  });

  it(
    'the administrator starts the export, sees it done and downloads the nnU-Net dataset',
    { timeout: 180_000 },
    async () => {
      const masterarbeit = new MasterarbeitPage(admin.page);
      await masterarbeit.open(teamUrl());
      await masterarbeit.chooseTeam(/Thesis Lab/);
      await masterarbeit.chooseStructure(/^Tissue \(1 of 1 exportable\)/);
      await expect.poll(() => masterarbeit.candidates().count()).toBe(1);
      expect(await masterarbeit.candidates().first().innerText()).toContain('Bone, Body');
      await masterarbeit.include(masterarbeit.candidates().first());
      expect(await masterarbeit.datasetName().inputValue()).toBe('Tissue');
      await masterarbeit.start();
      await masterarbeit.waitForState('Dataset500_Tissue', 'done');
      expect(await masterarbeit.exportRow('Dataset500_Tissue').innerText()).toContain('1 / 1 cases');

      const zip = await masterarbeit.download('Dataset500_Tissue');
      expect(zip.name).toBe('Dataset500_Tissue.zip');
      const files = await readZipEntries(zip.bytes);
      expect([...files.keys()].sort()).toEqual([
        'Dataset500_Tissue/dataset.json',
        'Dataset500_Tissue/imagesTr/Tissue_001_0000.nii.gz',
        'Dataset500_Tissue/labelsTr/Tissue_001.nii.gz',
      ]);
      expect(JSON.parse(files.get('Dataset500_Tissue/dataset.json')?.toString() ?? '{}')).toMatchObject({
        channel_names: { '0': 'CT' },
        labels: { background: 0, Bone: 1, Body: 2 },
        numTraining: 1,
        file_ending: '.nii.gz',
      });
      const image = dims(files.get('Dataset500_Tissue/imagesTr/Tissue_001_0000.nii.gz') ?? Buffer.alloc(0));
      expect(image).toEqual([512, 512, 20]);
      expect(dims(files.get('Dataset500_Tissue/labelsTr/Tissue_001.nii.gz') ?? Buffer.alloc(0))).toEqual(
        image,
      );
    },
  );
});
