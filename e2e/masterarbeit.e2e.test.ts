import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZipEntries } from '../apps/server/test/zip-reader';
import { MasterarbeitPage } from './pages/MasterarbeitPage';
import { apiOk } from './support/apiCall';
import type { Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { seededOwner } from './support/owner';
import { SEEDED_TEAM } from './support/seeded';
import { seededData } from './support/server';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { thresholdSegmentation } from './support/thresholdSegmentation';

/** NIfTI-1 dims 1..3 of a gzipped file. */
function dims(gz: Buffer): number[] {
  const nii = gunzipSync(gz);
  return [42, 44, 46].map((offset) => nii.readInt16LE(offset));
}

/**
 * Issue 17 item 4 in Chromium against the real server: on the seeded CT (seeded.ts: uploaded anonymised
 * through the upload API and converted) a two-label mask is imported, and on /admin/masterarbeit they choose the
 * team, the structure and the case, start the export, watch it reach done and download the zip: an
 * nnU-Net v2 raw dataset whose image and label share one grid.
 */
describe.skipIf(e2eSkipReason())('research dataset export, end to end', () => {
  const e2e = setupE2e({}, { seeded: true });
  stepsOfOneStory();
  const team = SEEDED_TEAM;
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let admin: Person;
  let seriesUuid = '';
  let structure = '';

  it('starts from the seeded CT, uploaded anonymised', async () => {
    admin = await seededOwner(e2e);
    seriesUuid = seededData().ct.seriesUuid;
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
      await masterarbeit.chooseTeam(new RegExp(team.title));
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
      // The seeded CT: 28 slices of 512 x 512.
      expect(image).toEqual([512, 512, 28]);
      expect(dims(files.get('Dataset500_Tissue/labelsTr/Tissue_001.nii.gz') ?? Buffer.alloc(0))).toEqual(
        image,
      );
    },
  );
});
