import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onnxConvModel } from '../apps/server/test/onnx-models';
import { AiModelsPages } from './pages/AiModelsPages';
import { Sidebar } from './pages/Sidebar';
import { screenshot, type Person } from './support/browser';
import { e2eSkipReason } from './support/chromium';
import { ownerOfNewTeam, registeredOwnerOfNewTeam } from './support/owner';
import { newCredentials } from './support/people';
import { stepsOfOneStory } from './support/steps';
import { setupE2e } from './support/suite';

/**
 * Issue 15 item 1 in the browser: the Owner finds the four built-in TotalSegmentator models, creates a
 * private model with two segments, uploads a real (tiny) ONNX file, edits the model and reads it on its
 * detail page; the Owner of another team neither lists nor opens it; the v1 addresses land on v2 pages.
 */
describe.skipIf(e2eSkipReason())('AI model registry, end to end', () => {
  const e2e = setupE2e();
  stepsOfOneStory();
  const team = { title: 'Model Lab', slug: 'model-lab' };
  const teamUrl = () => e2e.server.teamUrl(team.slug);
  let owner: Person;
  let stranger: Person;
  let modelId = 0;

  it('sets up the Owner and the Owner of another team', { timeout: 180_000 }, async () => {
    owner = await ownerOfNewTeam(e2e, newCredentials('Mona Model'), team);
    stranger = await registeredOwnerOfNewTeam(e2e, newCredentials('Sam Stranger'), {
      title: 'Other Lab',
      slug: 'other-lab',
    });
  });

  it('lists the four built-in models from the sidebar link', async () => {
    await new Sidebar(owner.page).link('AI Models').click();
    const models = new AiModelsPages(owner.page);
    await models.table.waitFor();
    expect(await models.codes()).toEqual(['total', 'total6mm', 'total-mr', 'total-mr6mm']);
    expect(await models.row('total-mr').getByText('Built-in').count()).toBe(1);
  });

  it('creates a private model with two segments', async () => {
    const models = new AiModelsPages(owner.page);
    await owner.page.getByRole('link', { name: 'New model' }).click();
    await models.form.waitFor();
    await models.fill('Name', 'Liver and tumour');
    await models.fill('Code', 'total');
    await models.pickStructure('Liver');
    await models.setSegment(1, 1, 'Liver');
    await models.setSegment(2, 2, 'Tumour');
    await models.submit('Create model');
    // The built-in code is taken: the server's message, then another code.
    await models.form.getByText('A model with this code already exists.').waitFor();
    await models.fill('Code', 'liver-tumour');
    await models.submit('Create model');
    await models.toast('Model Liver and tumour has been created').waitFor();
    await owner.page.waitForURL(/\/ai2-model\/\d+\/edit$/);
    modelId = Number(new URL(owner.page.url()).pathname.split('/')[2]);
  });

  it('uploads a small ONNX file, which the server reads', async () => {
    const models = new AiModelsPages(owner.page);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'voxa-onnx-'));
    const wrong = path.join(dir, 'two-channels.onnx');
    await writeFile(wrong, onnxConvModel({ channels: 2, classes: 3 }));
    await models.uploadFile(wrong);
    await owner.page.getByText("The model's input has 2 channels; 1 channels expected.").waitFor();
    const file = path.join(dir, 'liver.onnx');
    await writeFile(file, onnxConvModel({ channels: 1, classes: 3 }));
    await models.uploadFile(file);
    await models.toast('liver.onnx has been uploaded').waitFor();
    await expect
      .poll(() => owner.page.getByTestId('ai-model-file-inputs').innerText())
      .toBe('Input: image [1, 1, D, H, W]');
  });

  it('edits the model and shows it on its detail page', async () => {
    const models = new AiModelsPages(owner.page);
    await models.fill('Name', 'Liver and lesion');
    await models.setSegment(2, 2, 'Lesion');
    await models.submit('Save model');
    await models.toast('Model Liver and lesion has been updated').waitFor();
    await owner.page.getByRole('link', { name: 'View model' }).click();
    await models.detail.waitFor();
    expect(await owner.page.getByRole('heading', { level: 1 }).innerText()).toBe('Liver and lesion');
    expect(await models.segmentTitles()).toEqual(['Liver', 'Lesion']);
    expect(await models.detail.getByTestId('ai-model-origin').textContent()).toBe('Private');
    expect(await models.fileInfo().innerText()).toContain('Opset 17');
    await screenshot(owner.page, 'ai-model-detail');
    await models.open(teamUrl());
    expect(await models.codes()).toContain('liver-tumour');
  });

  it('keeps the private model from another team', async () => {
    const models = new AiModelsPages(stranger.page);
    await models.open(e2e.server.teamUrl('other-lab'));
    expect(await models.codes()).toEqual(['total', 'total6mm', 'total-mr', 'total-mr6mm']);
    await stranger.page.goto(`${e2e.server.teamUrl('other-lab')}/ai2-model/${modelId}`);
    await stranger.page.getByText('AI model not found.').waitFor();
  });

  it('lands the v1 addresses on the v2 pages', async () => {
    await owner.page.goto(`${teamUrl()}/models/detail?id=${modelId}`);
    await owner.page.waitForURL(`${teamUrl()}/ai2-model/${modelId}`);
    await new AiModelsPages(owner.page).detail.waitFor();
    await owner.page.goto(`${teamUrl()}/models/create_old`);
    await owner.page.waitForURL(`${teamUrl()}/ai2-model/create`);
    await owner.page.goto(`${teamUrl()}/models`);
    await owner.page.waitForURL(`${teamUrl()}/ai2-model`);
  });
});
