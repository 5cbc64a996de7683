import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AnnotatorPage } from './pages/AnnotatorPage';
import { AnnotatorPaintPanel } from './pages/AnnotatorPaintPanel';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { importLabelMap, labelCounts, onlyLabels, savedMaskCounts } from './support/labelMap';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { seedCase } from './support/seedCase';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { TESTDATA_DIR } from './support/testdata';

const TOTALSEG = path.join(TESTDATA_DIR, 'segmentation/totalsegmentator');
/** TotalSegmentator's small example CT (122 x 101 x 30 at 3 mm) and its own multi-label result. */
const CT = path.join(TOTALSEG, 'example_ct_sm.nii.gz');
const SEG = path.join(TOTALSEG, 'example_seg.nii.gz');
/** Its values (class_map.json): spleen 1, liver 5, stomach 6. */
const SPLEEN = 1;
const LIVER = 5;
const STOMACH = 6;

/**
 * Issue 39 items 4 and 5 in Chromium, on a fresh install with the seeded roles only (the team's Owner): a
 * seeded CT case whose segmentation already holds Liver and Stomach (TotalSegmentator's own result) is
 * painted with Spleen across both. With 'Overwrite other segments' off (the default) their voxel counts in
 * the saved mask do not change; with it on they do; a locked segment never does. The choices survive a
 * reload. The axial pane shows the patient's right on the screen's left by default (side labels and the
 * scanner millimetres under the mouse), and the switch to the neurological convention swaps both. In
 * review mode nothing paints and overwrite cannot be turned on.
 */
describe.skipIf(e2eSkipReason())(
  'annotator: painting respects other segments; radiological convention',
  () => {
    const e2e = setupE2e();
    stepsOfOneStory();
    const team = { title: 'Masking Lab', slug: 'masking-lab' };
    const teamUrl = () => e2e.server.teamUrl(team.slug);
    let owner: Person;
    let seriesUuid = '';
    let segmentation: { id: number; structure: { title: string } };
    let initial: Record<number, number> = {};
    let afterMasked: Record<number, number> = {};
    let revision = 1;
    let annotator: AnnotatorPage;
    let paint: AnnotatorPaintPanel;

    const counts = async () => {
      const saved = await savedMaskCounts(
        owner.page,
        e2e.server.baseUrl,
        team.slug,
        seriesUuid,
        segmentation.id,
      );
      expect(saved.revision).toBe(revision);
      return saved.counts;
    };
    /** Saves, and waits until the panel shows the next revision. */
    const save = async () => {
      expect(await paint.save()).toBe(200);
      revision += 1;
      await expect.poll(() => paint.status.innerText(), { timeout: 30_000 }).toBe(`Revision ${revision}`);
    };
    /**
     * Three broad brush strokes across the middle of the axial pane, over the abdomen, each starting on
     * the slice (a press beside it starts no stroke).
     */
    const strokes = async () => {
      for (const y of [0.35, 0.45, 0.55]) await paint.drag([0.2, y], [0.8, y]);
    };

    it(
      'seeds a CT case on a fresh install and imports Spleen, Liver and Stomach on it',
      { timeout: 180_000 },
      async () => {
        owner = await ownerOfNewTeam(e2e, newCredentials('Mara Masking'), team);
        await e2e.restart(async () => {
          seriesUuid = await seedCase(e2e.server.dataDir, team.slug, CT);
        });
        // Back on the team's dashboard, signed in as before.
        await owner.page.goto(`${teamUrl()}/dashboard`);
        const map = onlyLabels(readFileSync(SEG), [SPLEEN, LIVER, STOMACH]);
        segmentation = await importLabelMap(
          owner.page,
          e2e.server.baseUrl,
          team.slug,
          seriesUuid,
          'liver',
          map,
          {
            [SPLEEN]: 'Spleen',
            [LIVER]: 'Liver',
            [STOMACH]: 'Stomach',
          },
        );
        initial = await counts();
        expect(initial).toEqual(labelCounts(map));
        expect(initial[LIVER]).toBeGreaterThan(1000);
        expect(initial[STOMACH]).toBeGreaterThan(1000);
      },
    );

    it('shows the patient’s right on the screen’s left by default, and labels the sides', async () => {
      annotator = new AnnotatorPage(owner.page);
      paint = new AnnotatorPaintPanel(owner.page);
      await annotator.open(teamUrl(), seriesUuid);
      await annotator.waitUntilRendered();
      expect(await annotator.sides('axial')).toEqual({ left: 'R', right: 'L', top: 'A', bottom: 'P' });
      // RAS millimetres: x grows towards the patient's right, here towards the screen's left.
      const [left = NaN] = await annotator.mmAt(0.3, 0.5);
      const [right = NaN] = await annotator.mmAt(0.7, 0.5);
      expect(left).toBeGreaterThan(right);
      await screenshot(owner.page, 'annotator-radiological');
    });

    it(
      'paints Spleen over Liver and Stomach with overwrite off: their voxel counts stay',
      { timeout: 120_000 },
      async () => {
        await paint.choose(segmentation.structure.title);
        expect(await paint.status.innerText()).toBe('Revision 1');
        expect(await paint.voxels(LIVER)).toBe(initial[LIVER]);
        await expect(paint.overwrite.isChecked()).resolves.toBe(false);
        await paint.activate('Spleen');
        await paint.tool('Brush');
        await paint.panel.getByLabel('Brush radius (mm)').fill('12');
        await strokes();
        await save();
        afterMasked = await counts();
        expect(afterMasked[LIVER]).toBe(initial[LIVER]);
        expect(afterMasked[STOMACH]).toBe(initial[STOMACH]);
        expect(afterMasked[SPLEEN]).toBeGreaterThan((initial[SPLEEN] ?? 0) + 500);
        expect(await paint.voxels(LIVER)).toBe(initial[LIVER]);
      },
    );

    it('replaces their voxels with overwrite on', { timeout: 120_000 }, async () => {
      await paint.overwrite.check();
      await strokes();
      await save();
      const now = await counts();
      expect(now[LIVER]).toBeLessThan(initial[LIVER] ?? 0);
      expect(now[STOMACH]).toBeLessThan(initial[STOMACH] ?? 0);
    });

    it(
      'never overwrites a locked segment, and paints nothing while it is the active one',
      { timeout: 120_000 },
      async () => {
        // The overwriting strokes undone: Liver and Stomach are whole again.
        for (let i = 0; i < 3; i++) await owner.page.keyboard.press('Control+z');
        await paint.lock('Liver').click();
        await expect(paint.lock('Liver').getAttribute('aria-pressed')).resolves.toBe('true');
        await strokes();
        await save();
        const now = await counts();
        expect(now[LIVER]).toBe(initial[LIVER]);
        expect(now[STOMACH]).toBeLessThan(initial[STOMACH] ?? 0);

        await paint.activate('Liver');
        await owner.page.getByTestId('active-locked').waitFor();
        await paint.drag([0.2, 0.65], [0.8, 0.65]);
        expect(await paint.status.innerText()).toBe(`Revision ${revision}`);
      },
    );

    it('remembers overwrite and the lock across a reload', { timeout: 120_000 }, async () => {
      await owner.page.reload();
      await annotator.waitUntilRendered();
      await paint.choose(segmentation.structure.title);
      await expect(paint.overwrite.isChecked()).resolves.toBe(true);
      await expect(paint.lock('Liver').getAttribute('aria-pressed')).resolves.toBe('true');
    });

    it(
      'switches to the neurological convention: the sides swap, on screen and in the labels, and it is remembered',
      { timeout: 120_000 },
      async () => {
        await annotator.convention('Neurological');
        await expect
          .poll(() => annotator.sides('axial'))
          .toEqual({ left: 'L', right: 'R', top: 'A', bottom: 'P' });
        const [left = NaN] = await annotator.mmAt(0.3, 0.5);
        const [right = NaN] = await annotator.mmAt(0.7, 0.5);
        expect(left).toBeLessThan(right);
        await owner.page.reload();
        await annotator.waitUntilRendered();
        expect(await annotator.sides('axial')).toEqual({ left: 'L', right: 'R', top: 'A', bottom: 'P' });
        await annotator.layout('Sagittal');
        await expect
          .poll(() => annotator.sides('sagittal'))
          .toEqual({ left: 'P', right: 'A', top: 'S', bottom: 'I' });
        await annotator.convention('Radiological');
        await expect
          .poll(() => annotator.sides('sagittal'))
          .toEqual({ left: 'A', right: 'P', top: 'S', bottom: 'I' });
      },
    );

    it('in review mode the mask is read-only: no tool paints, overwrite cannot be turned on', async () => {
      await owner.page.goto(
        `${teamUrl()}/annotator/case/${seriesUuid}?task_id=${segmentation.id}&review=true`,
      );
      await annotator.waitUntilRendered();
      await expect.poll(() => paint.status.innerText(), { timeout: 60_000 }).toBe(`Revision ${revision}`);
      expect(await paint.overwrite.isDisabled()).toBe(true);
      expect(await paint.panel.getByLabel('Brush radius (mm)').isDisabled()).toBe(true);
      await paint.drag([0.2, 0.5], [0.8, 0.5]);
      expect(await paint.status.innerText()).toBe(`Revision ${revision}`);
      expect((await counts())[LIVER]).toBe(initial[LIVER]);
    });
  },
);
