import { NEEDS_A_WORKER } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { AiWorkersPage } from './pages/AiWorkersPage';
import {
  CaseInferencesPage,
  InferenceRows,
  ModelConfigurationPage,
  NeedsWorkerPanel,
} from './pages/InferencePages';
import { apiOk } from './support/apiCall';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { seededOwner } from './support/owner';
import { SEEDED_TEAM } from './support/seeded';
import { seededData } from './support/server';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/**
 * Issue 39 item 2 in Chromium, on the seeded data (seeded.ts) with the seeded roles only (the team's Owner):
 * a CT (the seeded one) converted while no worker serves TotalSegmentator gets no inference that would wait
 * forever; the series and the models say 'needs a worker' with the link to what to do (the workers page,
 * where the built-in worker is online but serves none of them); the team turns a model's automatic run off
 * and on; waiting inferences are cancelled in bulk, one model's and then all.
 */
describe.skipIf(e2eSkipReason())('AI inference needs a worker, end to end', () => {
  const e2e = setupE2e({}, { seeded: true });
  stepsOfOneStory();
  const team = SEEDED_TEAM;
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  let study: { uuid: string; seriesUuid: string };

  it('starts from the seeded CT series, converted on the seeded install', async () => {
    owner = await seededOwner(e2e);
    const { ct } = seededData();
    const studies = await apiOk<{ data: { uuid: string }[] }>(owner.page, 'GET', '/studies-v2?page=1');
    study = {
      uuid: studies.data.find((s) => s.uuid === ct.studyUuid)?.uuid ?? '',
      seriesUuid: ct.seriesUuid,
    };
    expect(study.uuid).toBe(ct.studyUuid);
  });

  it('the series and the models show needs a worker, with the link to what to do', async () => {
    const { page } = owner;
    await page.goto(`${teamUrl()}/ai2-inference?case=${study.uuid}`);
    const cases = new CaseInferencesPage(page);
    await cases.waitUntilShown();
    const needs = new NeedsWorkerPanel(page);
    const series = needs.series(study.seriesUuid);
    await series.waitFor({ timeout: 30_000 });
    expect(await series.getByTestId('needs-a-worker').textContent()).toBe(NEEDS_A_WORKER);
    expect(await series.getByTestId('needs-worker-series-models').textContent()).toBe('total, total6mm');
    expect(await needs.models()).toEqual(['total', 'total6mm']);
    // No inference was made to wait forever.
    expect(await cases.rows.all.count()).toBe(0);
    await screenshot(page, 'ai2-inference-needs-worker');

    const config = new ModelConfigurationPage(page);
    await config.open(teamUrl());
    for (const code of ['total6mm', 'total', 'total-mr6mm', 'total-mr'])
      expect(await config.row(code).getByTestId('needs-a-worker').textContent()).toBe(NEEDS_A_WORKER);
    await screenshot(page, 'ai-model-configuration-needs-worker');

    await page.goto(`${teamUrl()}/ai-infers`);
    await needs.addWorker.click();
    await page.waitForURL('**/admin/ai-workers');
    const workers = new AiWorkersPage(page);
    await workers.worker('Built-in CPU worker').first().waitFor();
    expect(await workers.worker('Built-in CPU worker').first().getAttribute('data-status')).toBe('online');
  });

  it('the team setting turns automatic inference per model off and on', async () => {
    const { page } = owner;
    const config = new ModelConfigurationPage(page);
    await config.open(teamUrl());
    await config.setAutomatic('total6mm', false);
    await page.getByText('The defaults of total6mm have been saved').waitFor();
    await config.open(teamUrl());
    expect(await config.automatic('total6mm').isChecked()).toBe(false);
    expect(await config.automatic('total').isChecked()).toBe(true);

    // Off, it is not run after conversion and so needs no worker: it leaves the list of models.
    const needs = new NeedsWorkerPanel(page);
    await page.goto(`${teamUrl()}/ai-infers`);
    await needs.model('total').waitFor();
    expect(await needs.models()).toEqual(['total', 'total-mr', 'total-mr6mm']);

    await config.open(teamUrl());
    await config.setAutomatic('total6mm', true);
    await page.getByText('The defaults of total6mm have been saved').waitFor();
    await page.goto(`${teamUrl()}/ai-infers`);
    await expect.poll(() => needs.models()).toEqual(['total', 'total6mm', 'total-mr', 'total-mr6mm']);
  });

  it('waiting inferences are cancelled in bulk: one model’s, then all', async () => {
    const { page } = owner;
    const { models } = await apiOk<{ models: { id: number; code: string }[] }>(page, 'GET', '/ai2/models');
    for (const code of ['total6mm', 'total']) {
      const modelId = models.find((m) => m.code === code)?.id;
      await apiOk(page, 'POST', '/ai2/infer/batch', { modelId, studies: [study.uuid] }, 201);
    }
    await page.goto(`${teamUrl()}/ai-infers`);
    const needs = new NeedsWorkerPanel(page);
    const rows = new InferenceRows(page);
    await expect.poll(() => rows.all.count(), { timeout: 15_000 }).toBe(2);
    await expect
      .poll(() => needs.model('total6mm').getByTestId('needs-worker-waiting').textContent())
      .toBe('1 waiting');
    await screenshot(page, 'ai-infers-needs-worker');

    await needs.cancelWaitingOf('total6mm');
    await page.getByText('1 waiting inference has been cancelled').waitFor();
    await expect.poll(() => rows.byModel('total6mm').getAttribute('data-state')).toBe('cancelled');
    expect(await rows.byModel('total').getAttribute('data-state')).toBe('queued');

    await needs.cancelAllWaiting();
    await page.getByText('1 waiting inference has been cancelled').last().waitFor();
    await expect.poll(() => rows.byModel('total').getAttribute('data-state')).toBe('cancelled');
    expect(owner.errors).toEqual([]);
  });
});
