import path from 'node:path';
import { TRAINING_SEGMENT_COUNT } from '@voxa/contracts';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AiModelsPages } from './pages/AiModelsPages';
import { NotificationsDropdown } from './pages/NotificationsDropdown';
import { Sidebar } from './pages/Sidebar';
import {
  CreateTrainingPage,
  TrainingDetailPage,
  TrainingInfoPage,
  TrainingsPage,
} from './pages/TrainingPages';
import { UploadPage } from './pages/UploadPage';
import { apiOk } from './support/apiCall';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { withSeriesUids } from './support/dicomUids';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { filesUnder, TESTDATA_DIR } from './support/testdata';
import { thresholdSegmentation } from './support/thresholdSegmentation';

/** A GE head CT of the dcm_qa_ct corpus: one axial series of 28 slices, 512 x 512. */
const HEAD_CT = path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct/GE');
/** TotalSegmentator's example CT as DICOM: 20 slices of 512 x 512, its UIDs stripped. */
const BODY_CT = path.join(TESTDATA_DIR, 'segmentation/totalsegmentator/example_ct_dicom');
/** The body: everything denser than air and lung. */
const BODY = { above: -500, value: 1 };
/** Bone, a second label that the model does not have. */
const BONE = { above: 300, value: 2 };

/**
 * Issue 16 item 1 in Chromium against the real server: a team model 'Body' (segment Body, value 1) and
 * segmentations imported from thresholds of two real converted CTs, one of them with a segment too many.
 * The create page offers them, the mismatching one marked invalid with why and not selectable; a training
 * starts on the built-in worker, its curve grows, it is stopped and shows 'stopped'; a short training
 * completes, its notification arrives in the bell, and its derived model shows in /ai2-model. The v1
 * addresses land on the v2 pages.
 */
describe.skipIf(e2eSkipReason())('AI trainings, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const team = { title: 'Train Lab', slug: 'train-lab' };
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  /** The converted series: the head CT's and the body CT's. */
  const series: string[] = [];
  let structure = '';
  /** The valid segmentations (one per CT) and the one with a bone segment too many. */
  const valid: number[] = [];
  let invalid = 0;
  let stoppedId = 0;

  /** Uploads one CT study through the upload page and answers its converted series' uuid. */
  async function uploadCt(files: string[], acquisition?: string): Promise<string> {
    const { page } = owner;
    const before = await apiOk<{ data: { id: number }[] }>(page, 'GET', '/studies-v2?page=1');
    const upload = new UploadPage(page);
    await upload.open(teamUrl());
    await upload.browse(files);
    await upload.waitUntilRead();
    await upload.next.click();
    await upload.recognized(page.locator('[data-study-id]').first()).waitFor({ timeout: 120_000 });
    if (acquisition) {
      await page.getByRole('textbox', { name: 'Acquisition' }).click();
      await page.getByRole('option', { name: acquisition, exact: true }).click();
    }
    await upload.processButton(1).click({ timeout: 20_000 });
    await upload.toast('Upload finished!').waitFor({ timeout: 600_000 });
    const after = await apiOk<{ data: { id: number }[] }>(page, 'GET', '/studies-v2?page=1');
    const study = after.data.find((s) => !before.data.some((b) => b.id === s.id));
    if (!study) throw new Error('no new study after the upload');
    const listed = await apiOk<{ uuid: string; status: string }[]>(
      page,
      'GET',
      `/studies-v2/series/${study.id}`,
    );
    const converted = listed.find((s) => s.status === 'done');
    if (!converted) throw new Error('the study has no converted series');
    return converted.uuid;
  }

  it('uploads and converts two real CTs', { timeout: 900_000 }, async () => {
    owner = await ownerOfNewTeam(e2e, newCredentials('Tara Trainer'), team);
    series.push(await uploadCt(filesUnder(HEAD_CT).filter((f) => f.endsWith('.dcm'))));
    const body = withSeriesUids(BODY_CT);
    onTestFinished(body.remove);
    series.push(await uploadCt(body.files, 'AR'));
  });

  it(
    'makes the team model Body and segmentations from thresholds of both CTs',
    { timeout: 120_000 },
    async () => {
      const { page } = owner;
      structure = (await apiOk<{ slug: string }>(page, 'POST', '/structures', { title: 'Body' }, 201)).slug;
      await apiOk(
        page,
        'POST',
        '/ai2/model',
        {
          name: 'Body',
          code: 'body',
          structure,
          segments: [{ title: 'Body', value: 1 }],
          runtime: 'onnx',
          modality: 'ct',
          spacing: [3, 3, 3],
          patch_size: [64, 64, 16],
          normalization: { kind: 'ct', clip: [-1000, 1000], mean: -1000, std: 1000 },
          // Three CPU epochs need not reach the default 0.5: this story is of a training that completes
          // into a model (trainings-did-not-learn.e2e.test.ts is of one under the threshold).
          min_val_dice: 0,
        },
        201,
      );
      const base = e2e.server.baseUrl;
      for (const uuid of series) {
        const made = await thresholdSegmentation(page, base, team.slug, uuid, structure, [BODY], {
          1: 'Body',
        });
        expect(made.segments.map((s) => [s.title, s.value])).toEqual([['Body', 1]]);
        valid.push(made.id);
      }
      const withBone = await thresholdSegmentation(
        page,
        base,
        team.slug,
        series[0] ?? '',
        structure,
        [BODY, BONE],
        {
          1: 'Body',
          2: 'Bone',
        },
      );
      expect(withBone.segments.map((s) => s.title)).toEqual(['Body', 'Bone']);
      invalid = withBone.id;
    },
  );

  it('offers the segmentations of the model’s structure, the mismatching one marked invalid with why and not selectable', async () => {
    const { page } = owner;
    await new Sidebar(page).link('AI Trainings').click();
    await page.getByTestId('trainings-empty').waitFor();
    await page.getByRole('link', { name: 'New training' }).click();
    const create = new CreateTrainingPage(page);
    await page.getByRole('heading', { name: 'New training' }).waitFor();
    expect(await create.start.isDisabled()).toBe(true);
    await create.chooseModel('body');
    expect(await page.getByTestId('training-model-segments').textContent()).toContain('Body (1)');
    expect(await create.offered()).toEqual([
      ...valid.map((id) => ({ id, valid: true, reason: '', enabled: true })),
      { id: invalid, valid: false, reason: TRAINING_SEGMENT_COUNT(2, 1), enabled: false },
    ]);
    await screenshot(page, 'training-create');
  });

  it(
    'starts a long training on the built-in worker and watches its curve grow',
    { timeout: 600_000 },
    async () => {
      const { page } = owner;
      const create = new CreateTrainingPage(page);
      await create.choose(valid);
      await create.fill('Epochs', '200');
      await create.start.click();
      await page.waitForURL(/\/ai2-trainings\/detail\/\d+$/);
      const detail = new TrainingDetailPage(page);
      await detail.waitUntilShown();
      stoppedId = detail.id();
      expect(['queued', 'running']).toContain(await detail.state());
      // The page polls while the training is open: its chart appears and grows without a reload.
      await expect
        .poll(() => detail.points('Validation Dice'), { timeout: 480_000, interval: 2000 })
        .toBeGreaterThanOrEqual(2);
      expect(await detail.points('Loss')).toBeGreaterThanOrEqual(2);
      expect(await detail.state()).toBe('running');
      expect(await detail.detail.textContent()).toContain('Built-in CPU worker');
      await screenshot(page, 'training-running');
    },
  );

  it(
    'stops it after a confirmation: it shows stopped, here and in the list',
    { timeout: 60_000 },
    async () => {
      const { page } = owner;
      const detail = new TrainingDetailPage(page);
      await detail.stop();
      await expect.poll(() => detail.badge(), { timeout: 30_000 }).toBe('stopped');
      expect(await page.getByRole('button', { name: /^Stop training/ }).count()).toBe(0);
      await screenshot(page, 'training-stopped');
      const list = new TrainingsPage(page);
      await list.open(teamUrl());
      await list.row(stoppedId).waitFor();
      expect(await list.state(stoppedId)).toBe('stopped');
    },
  );

  it('lands the v1 addresses on the v2 pages', async () => {
    const { page } = owner;
    await page.goto(`${teamUrl()}/ai-trainings`);
    await page.waitForURL(`${teamUrl()}/ai2-trainings`);
    await page.goto(`${teamUrl()}/ai-trainings/detail?id=${stoppedId}`);
    await page.waitForURL(`${teamUrl()}/ai2-trainings/detail/${stoppedId}`);
    await page.goto(`${teamUrl()}/ai-trainings/detail-mi?id=${stoppedId}`);
    await page.waitForURL(`${teamUrl()}/ai2-trainings/detail-mi?id=${stoppedId}`);
    const info = new TrainingInfoPage(page);
    await info.waitUntilShown();
    expect(await info.setRows.count()).toBe(2);
    expect(await info.derivedModel.textContent()).toBe('None: the training did not complete');
    expect(owner.errors).toEqual([]);
  });

  it(
    'completes a short training: its notification arrives in the bell and its derived model shows in /ai2-model',
    { timeout: 900_000 },
    async () => {
      const { page } = owner;
      const create = new CreateTrainingPage(page);
      await create.open(teamUrl());
      await create.chooseModel('body');
      await create.choose(valid);
      await create.fill('Epochs', '3');
      await create.start.click();
      await page.waitForURL(/\/ai2-trainings\/detail\/\d+$/);
      const detail = new TrainingDetailPage(page);
      await detail.waitUntilShown();
      const id = detail.id();
      await expect.poll(() => detail.state(), { timeout: 840_000, interval: 2000 }).toBe('done');
      expect(await detail.points('Validation Dice')).toBe(3);
      await screenshot(page, 'training-done');

      const bell = new NotificationsDropdown(page);
      await bell.open();
      const completed = bell.item(`Training #${id} is completed`);
      await completed.waitFor({ timeout: 30_000 });
      // It opens the training it tells of (from the list, say).
      await new TrainingsPage(page).open(teamUrl());
      await bell.open();
      await completed.click();
      await page.waitForURL(`${teamUrl()}/ai2-trainings/detail/${id}`);
      await detail.waitUntilShown();

      await page.getByRole('link', { name: 'Model information' }).click();
      const info = new TrainingInfoPage(page);
      await info.waitUntilShown();
      expect(await info.derivedModel.textContent()).toBe(`Body (training #${id}) (body-t${id})`);
      expect(await page.getByTestId('training-best-epoch').textContent()).toMatch(/^Epoch [123]: val Dice /);
      await screenshot(page, 'training-model-information');
      await info.derivedModel.click();
      await page.waitForURL(/\/ai2-model\/\d+$/);
      await page.getByTestId('ai-model-detail').waitFor();
      expect(await page.getByTestId('ai-model-code').textContent()).toBe(`body-t${id}`);

      const models = new AiModelsPages(page);
      await models.open(teamUrl());
      await models.row(`body-t${id}`).waitFor();
      await screenshot(page, 'training-derived-model');
      expect(owner.errors).toEqual([]);
    },
  );
});
