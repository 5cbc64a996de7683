import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { INFERENCE_NO_SERIES, INFERENCE_NO_WORKER } from '@voxa/contracts';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bodyModel } from '../apps/server/test/onnx-models';
import { AiModelsPages } from './pages/AiModelsPages';
import { AnnotatorAiPanel } from './pages/AnnotatorAiPanel';
import { AnnotatorPage } from './pages/AnnotatorPage';
import {
  BatchInferPage,
  CaseInferencesPage,
  CreateInferencePage,
  InferenceDetailPage,
  InferenceRows,
  ModelConfigurationPage,
  NeedsWorkerPanel,
} from './pages/InferencePages';
import { NotificationsDropdown } from './pages/NotificationsDropdown';
import { OrganizePanel } from './pages/OrganizePanel';
import { apiOk } from './support/apiCall';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { seededOwner } from './support/owner';
import { SEEDED_TEAM } from './support/seeded';
import { seededData } from './support/server';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Issue 15 items 2 and 4 in Chromium, without a worker: the seeded CT (seeded.ts) got no automatic
 * inference, total6mm and total need a worker (decision 0094), seen from its organize page; one is
 * created on /ai-infers/create and cancelled on its page; a batch runs over the study; a model's default
 * parameters are set. (Running a model to the end needs a worker: the built-in one's story.)
 */
describe.skipIf(e2eSkipReason())('AI inference pages, end to end', () => {
  const e2e = setupE2e({}, { seeded: true });
  stepsOfOneStory();
  const team = SEEDED_TEAM;
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  let study: { uuid: string; code: string };

  it('starts from the seeded CT study', async () => {
    owner = await seededOwner(e2e);
    const studies = await apiOk<{ data: { uuid: string; study_id: string }[] }>(
      owner.page,
      'GET',
      '/studies-v2?page=1',
    );
    const ct = studies.data.find((s) => s.uuid === seededData().ct.studyUuid);
    if (!ct) throw new Error('the seeded CT study is not listed');
    study = { uuid: ct.uuid, code: ct.study_id };
  });

  it('shows that the automatic inferences need a worker, from the organize page', async () => {
    const { page } = owner;
    await page.goto(`${teamUrl()}/serie/organize/${study.uuid}`);
    await new OrganizePanel(page).waitUntilShown();
    await page.getByRole('link', { name: 'Inferences' }).click();
    await page.waitForURL(`**/ai2-inference?case=${study.uuid}`);
    const cases = new CaseInferencesPage(page);
    await cases.waitUntilShown();
    // No worker serves total6mm or total (decision 0094): none is made to wait forever.
    const needs = new NeedsWorkerPanel(page);
    await needs.panel.getByTestId('needs-worker-series').waitFor({ timeout: 30_000 });
    expect(await needs.models()).toEqual(['total', 'total6mm']);
    expect(await cases.rows.all.count()).toBe(0);
    await screenshot(page, 'ai2-inference');
  });

  it('refuses a model that cannot read the case in the form; creates one with parameters and cancels it', async () => {
    const { page } = owner;
    const create = new CreateInferencePage(page);
    await create.open(teamUrl());
    // An MR model finds no series it can read in a CT: the refusal shows in the form, nothing is made.
    await create.create(new RegExp(escape(study.code)), 'total-mr', '');
    await page.getByTestId('form-error').waitFor();
    expect(await page.getByTestId('form-error').textContent()).toBe(INFERENCE_NO_SERIES);
    expect(page.url()).toContain('/ai-infers/create');
    await create.open(teamUrl());
    await create.create(new RegExp(escape(study.code)), 'total', '{"fast": true}');
    await page.waitForURL(/\/ai-infers\/detail\?id=\d+/);
    const detail = new InferenceDetailPage(page);
    await detail.waitUntilShown();
    expect(await detail.state()).toBe('queued');
    expect(await detail.detail.textContent()).toContain('"fast": true');
    expect(await detail.detail.getByTestId('inference-reason').textContent()).toBe(
      INFERENCE_NO_WORKER('total'),
    );
    await screenshot(page, 'inference-detail');
    await detail.cancel();
    await expect.poll(() => detail.state(), { timeout: 15_000 }).toBe('cancelled');
  });

  it('lists the inference on /ai-infers, filtered by model code and by state', async () => {
    const { page } = owner;
    await page.goto(`${teamUrl()}/ai-infers`);
    const rows = new InferenceRows(page);
    await expect.poll(() => rows.all.count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'ai-infers');
    await page.getByRole('searchbox', { name: 'Model' }).fill('total6mm');
    await page.waitForURL(/model=total6mm/);
    await expect.poll(() => rows.all.count(), { timeout: 15_000 }).toBe(0);
    await page.goto(`${teamUrl()}/ai-infers?state=cancelled`);
    await expect.poll(() => rows.all.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.all.first().getAttribute('data-model')).toBe('total');
  });

  it('runs a batch over the study and shows its progress table', async () => {
    const batch = new BatchInferPage(owner.page);
    await batch.open(teamUrl());
    await batch.start('total6mm', new RegExp(escape(study.code)));
    const rows = new InferenceRows(batch.progress);
    await expect.poll(() => rows.all.count(), { timeout: 15_000 }).toBe(1);
    expect(await InferenceRows.cells(rows.all.first())).toMatchObject({ state: 'queued', model: 'total6mm' });
    await expect.poll(() => batch.batchRows().count()).toBe(1);
    expect(await batch.batchRows().first().getByTestId('batch-counts').textContent()).toContain('1 queued');
    await screenshot(owner.page, 'batch-infer');
  });

  it('sets a model’s default parameters on /admin/ai-model-configuration', async () => {
    const config = new ModelConfigurationPage(owner.page);
    await config.open(teamUrl());
    await config.setDefaults('total6mm', '2', '{"fast": true}');
    await screenshot(owner.page, 'ai-model-configuration');
    await owner.page.getByText('The defaults of total6mm have been saved').waitFor();
    await config.open(teamUrl());
    expect(JSON.parse(await config.parameters('total6mm').inputValue())).toEqual({ fast: true });
    expect(await config.row('total6mm').getByRole('textbox', { name: 'n of total6mm' }).inputValue()).toBe(
      '2',
    );
  });

  it(
    'runs a team model on the built-in CPU worker to the end: the notification opens the result in the annotator’s AI mode',
    { timeout: 300_000 },
    async () => {
      const { page } = owner;
      // The team's own ONNX model, a real network (body above -500 HU), its file uploaded on its edit page.
      const structure = await apiOk<{ slug: string }>(page, 'POST', '/structures', { title: 'Body' }, 201);
      const model = await apiOk<{ id: number }>(
        page,
        'POST',
        '/ai2/model',
        {
          name: 'Body (threshold at -500 HU)',
          code: 'body',
          structure: structure.slug,
          segments: [{ title: 'Body', value: 1 }],
          runtime: 'onnx',
          modality: 'ct',
          spacing: [1.5, 1.5, 1.5],
          patch_size: [96, 96, 48],
          normalization: { kind: 'ct', clip: [-1000, 1000], mean: -1000, std: 1000 },
        },
        201,
      );
      const dir = await mkdtemp(path.join(os.tmpdir(), 'voxa-body-'));
      onTestFinished(() => rm(dir, { recursive: true, force: true }));
      const file = path.join(dir, 'body.onnx');
      await writeFile(file, bodyModel({ threshold: 0.5 }));
      await page.goto(`${teamUrl()}/ai2-model/${model.id}/edit`);
      const models = new AiModelsPages(page);
      await models.uploadFile(file);
      await models.toast('body.onnx has been uploaded').waitFor();

      const create = new CreateInferencePage(page);
      await create.open(teamUrl());
      await create.create(new RegExp(escape(study.code)), 'body', '');
      await page.waitForURL(/\/ai-infers\/detail\?id=\d+/);
      const detail = new InferenceDetailPage(page);
      await detail.waitUntilShown();
      await expect.poll(() => detail.state(), { timeout: 180_000, interval: 1000 }).toBe('done');
      expect(await detail.detail.textContent()).toContain('Built-in CPU worker');
      await screenshot(page, 'inference-done');

      const bell = new NotificationsDropdown(page);
      await bell.open();
      const done = bell.items.filter({ hasText: /^Inference .+:\d+ done/ });
      await done.first().waitFor({ timeout: 30_000 });
      await done.first().click();
      await page.waitForURL(/\/annotator\/case\/[^?]+\?task_id=\d+&aiinfer=true/);
      const annotator = new AnnotatorPage(page);
      await annotator.waitUntilRendered();
      const ai = new AnnotatorAiPanel(page);
      expect(await ai.segmentTitles()).toEqual(['Body']);
      // The body lies over most of a head CT's middle: the result is drawn in red over it.
      await expect.poll(async () => (await annotator.stats()).red, { timeout: 30_000 }).toBeGreaterThan(0.05);
      await screenshot(page, 'annotator-ai-result');
      expect(owner.errors).toEqual([]);
    },
  );
});
