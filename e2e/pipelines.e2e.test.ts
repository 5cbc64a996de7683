import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FlowPages, PipelinePages } from './pages/PipelinePages';
import { Sidebar } from './pages/Sidebar';
import { UploadPage } from './pages/UploadPage';
import { apiOk } from './support/apiCall';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { ownerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';
import { filesUnder, TESTDATA_DIR } from './support/testdata';

/** A GE head CT of the dcm_qa_ct corpus: one axial series. */
const CT = path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct/GE');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Issue 16 item 3 in Chromium: the Owner makes a pipeline from a blueprint and edits its acquisitions and
 * models; the upload offers it and refuses a study lacking a required acquisition with the spec's toast,
 * uploading nothing; with the acquisition the study converts and its flow shows its step and inferences.
 */
describe.skipIf(e2eSkipReason())('pipelines and flows, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const team = { title: 'Pipe Lab', slug: 'pipe-lab' };
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  let pipelines: PipelinePages;

  it('creates a pipeline from a blueprint, with a model per acquisition', { timeout: 300_000 }, async () => {
    owner = await ownerOfNewTeam(e2e, newCredentials('Pipa Line'), team);
    const { page } = owner;
    const sidebar = new Sidebar(page);
    await sidebar.link('Pipelines').click();
    pipelines = new PipelinePages(page);
    await page.getByText('No pipelines yet: start from a blueprint.').waitFor();
    await page.getByRole('link', { name: 'Blueprints' }).click();
    await page.getByTestId('blueprints-table').waitFor();
    await pipelines.useTemplate('Abdomen CT (portal venous)');
    await expect.poll(() => pipelines.acquisitionCodes()).toEqual(['PV']);
    await pipelines.addModel(1, 'total6mm');
    await pipelines.addAcquisition();
    await pipelines.chooseAcquisition(2, 'AR');
    await pipelines.addModel(2, 'total');
    await pipelines.submit('Create pipeline');
    expect(await pipelines.steps()).toEqual(['PV total6mm', 'AR total']);
    await screenshot(page, 'pipeline-detail');
  });

  it('edits its acquisitions and models', async () => {
    const { page } = owner;
    await page.getByRole('link', { name: 'Edit' }).click();
    await pipelines.form.waitFor();
    await expect.poll(() => pipelines.acquisitionCodes()).toEqual(['PV', 'AR']);
    await pipelines.removeAcquisition(2);
    expect(await pipelines.acquisitionCodes()).toEqual(['PV']);
    await pipelines.addModel(1, 'total');
    await pipelines.submit('Save pipeline');
    expect(await pipelines.steps()).toEqual(['PV total6mm, total']);
    await pipelines.openList(teamUrl());
    await pipelines.row('CT_ABDOMEN').waitFor();
  });

  it(
    'blocks an upload lacking the required acquisition with the spec’s toast, uploading nothing',
    {
      timeout: 300_000,
    },
    async () => {
      const { page } = owner;
      const upload = new UploadPage(page);
      await upload.open(teamUrl());
      await upload.browse(filesUnder(CT).filter((f) => f.endsWith('.dcm')));
      await upload.waitUntilRead();
      await upload.next.click();
      const study = page.locator('[data-study-id]').first();
      await upload.recognized(study).waitFor({ timeout: 120_000 });
      const id = (await study.getAttribute('data-study-id')) ?? '';
      const name = (await study.getByTestId('study-patient').innerText()).trim();
      const acquisition = study.getByRole('textbox', { name: 'Acquisition' });
      await acquisition.click();
      await page.getByRole('option', { name: 'AR', exact: true }).click();
      await study.getByRole('textbox', { name: 'Pipeline' }).click();
      await page.getByRole('option', { name: 'Abdomen CT (portal venous)' }).click();
      await upload.processButton(1).click();
      await upload.toast(`Study ${id} (${name}) is missing required acquisitions for pipeline: PV`).waitFor();
      await upload.state.filter({ hasText: 'preview' }).waitFor();
      const studies = await apiOk<{ data: unknown[] }>(page, 'GET', '/studies-v2?page=1');
      expect(studies.data).toEqual([]);
      await screenshot(page, 'pipeline-missing-acquisition');

      // With the acquisition, the study uploads and converts.
      await acquisition.click();
      await page.getByRole('option', { name: 'PV', exact: true }).click();
      await upload.processButton(1).click();
      await upload.toast('Upload finished!').waitFor({ timeout: 240_000 });
    },
  );

  it('shows the study’s flow with its step, series and inferences', async () => {
    const { page } = owner;
    await new Sidebar(page).link('Flows').click();
    const flows = new FlowPages(page);
    await flows.rows.first().waitFor();
    expect(await flows.rows.count()).toBe(1);
    await flows.openFirst();
    const step = flows.step('PV');
    await expect
      .poll(() => step.getByTestId('flow-step-state').innerText(), { timeout: 30_000 })
      .toMatch(/running/i);
    await step.getByText(/^Series \d+$/).waitFor();
    for (const model of ['total6mm', 'total'])
      await flows
        .inference(step, model)
        .getByTestId('inference-state')
        .filter({ hasText: 'queued' })
        .waitFor();
    await expect(flows.detail.getByTestId('flow-state').innerText()).resolves.toMatch(/running/i);
    await page.getByText(new RegExp(`^${escape('Abdomen CT (portal venous) (CT_ABDOMEN)')}$`)).waitFor();
    await screenshot(page, 'flow-detail');
    expect(owner.errors).toEqual([]);
  });
});
