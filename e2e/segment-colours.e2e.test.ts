import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { OrganizePanel } from './pages/OrganizePanel';
import { SegmentationsPanel } from './pages/SegmentationsPanel';
import { apiOk } from './support/apiCall';
import { uploadSeriesThroughApi } from './support/apiUpload';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { withSeriesUids } from './support/dicomUids';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { TESTDATA_DIR } from './support/testdata';

const TOTALSEG = path.join(TESTDATA_DIR, 'segmentation/totalsegmentator');
/** TotalSegmentator's example CT as DICOM (20 slices) and its `total` label map on that grid: 31 labels. */
const CT_DICOM = path.join(TOTALSEG, 'example_ct_dicom');
const LABEL_MAP = path.join(TOTALSEG, 'example_seg_dicom.nii.gz');
const STRUCTURE = 'TotalSegmentator total';

interface StructureClass {
  value: number;
  title: string;
  color: string | null;
}

/**
 * Issue 39 item 6, colours that do not repeat: on a fresh install, the Owner of a new team (the seeded
 * roles only) imports TotalSegmentator's 31-class label map over its CT, and the organize panel paints
 * each segment in its class's colour from the structure catalogue, no two alike (the palette of 13 had
 * drawn them with 13 colours). The CT is uploaded through the API: the upload stories drive that page.
 */
describe.skipIf(e2eSkipReason())('segment colours from the structure catalogue', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const team = { title: 'Colour Lab', slug: 'colour-lab' };
  let owner: Person;
  let panel: SegmentationsPanel;
  const teamUrl = () => e2e.server.teamUrl(team.slug);

  it('opens the organize panel of a converted CT', { timeout: 300_000 }, async () => {
    owner = await ownerOfNewTeam(e2e, newCredentials('Cora Colour'), team);
    const ct = withSeriesUids(CT_DICOM);
    onTestFinished(ct.remove);
    await uploadSeriesThroughApi(owner.page, e2e.server.baseUrl, team.slug, ct.files, 'CT');
    const studies = await apiOk<{ data: { uuid: string }[] }>(owner.page, 'GET', '/studies-v2?page=1');
    await owner.page.goto(`${teamUrl()}/serie/organize/${studies.data[0]?.uuid ?? ''}`);
    await new OrganizePanel(owner.page).waitUntilShown();
    const section = owner.page.getByRole('region', { name: /^Segmentations of / });
    const seriesName = ((await section.getAttribute('aria-label')) ?? '').replace('Segmentations of ', '');
    panel = new SegmentationsPanel(owner.page, seriesName);
    await panel.section.getByText('No segmentations.').waitFor();
  });

  it('paints the 31 imported segments in their classes’ catalogue colours, no two alike', async () => {
    await panel.fillImport(LABEL_MAP, 'totalsegmentator', STRUCTURE);
    const dialog = panel.importDialog();
    const sent = owner.page.waitForResponse((r) => /\/svc\/v2\/import-mask\//.test(r.url()));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    expect((await sent).status()).toBe(201);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await panel.segmentTitles(STRUCTURE)).length).toBe(31);

    const catalogue = await apiOk<{ classes: StructureClass[] }>(
      owner.page,
      'GET',
      '/structures/totalsegmentator-total',
    );
    const colourOf = new Map(catalogue.classes.map((c) => [c.title, c.color]));
    const shown = await panel.segmentColours(STRUCTURE);
    expect(shown).toHaveLength(31);
    expect(shown).toEqual(shown.map(([title]) => [title, colourOf.get(title)]));
    expect(new Set(shown.map(([, colour]) => colour)).size).toBe(31);
    // Two neighbours the palette of 13 drew alike: the spleen (1st) and the 14th segment.
    expect(shown[0]?.[1]).not.toBe(shown[13]?.[1]);
    await screenshot(owner.page, 'segment-colours');
    expect(owner.errors).toEqual([]);
  });
});
