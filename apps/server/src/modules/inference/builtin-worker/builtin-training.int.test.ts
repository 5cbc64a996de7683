import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { notificationText, type Notification, type TrainingDetail } from '@voxa/contracts';
import { labelVoxels, parseNifti } from '@voxa/imaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_HU,
  dice,
  queueBodyJob,
  registerBodyModel,
  seriesIdOf,
  type RegisteredModel,
} from '../../../../test/body-inference';
import { newUploader, type Uploader } from '../../../../test/conversion-flow';
import { convertedSeries, corpusSeries, storedMask, type ConvertedSeries } from '../../../../test/mask-flow';
import { thresholdLabelMap } from '../../../../test/threshold-mask';

/**
 * The built-in CPU worker trains (decision 0054): TotalSegmentator's example CT uploaded and converted
 * for real, a body mask (a HU threshold) imported on it, a training of the body model started; the
 * worker leases it, reads the image and mask through the protocol, trains on CPU in a thread, reports
 * each epoch, uploads its improving networks and finishes into one derived model, which it then runs.
 */
const EPOCHS = 6;
let u: Uploader;
let ct: ConvertedSeries;
let parent: RegisteredModel;
let segmentationId: number;

const who = () => ({ token: u.owner.token, team: u.team.slug });
const api = (method: string, path: string, body?: unknown) => u.t.call(method, path, { ...who(), body });

async function startedTraining(epochs: number) {
  const created = await api('POST', '/ai2/train/create', {
    modelId: parent.id,
    segmentationIds: [segmentationId],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.trainingId as number;
  const start = { epochs, learningRate: 0.01, validationSplit: 0.2, patchSize: [64, 64, 64] };
  expect((await api('POST', `/ai2/train/start/${id}`, start)).status).toBe(200);
  return id;
}

async function trainingWhen(id: number, done: (t: TrainingDetail) => boolean, ms: number) {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(500)) {
    const training = (await api('GET', `/ai2/training/${id}`)).body as TrainingDetail;
    if (done(training)) return training;
  }
  throw new Error(`training ${id} did not get there in ${ms} ms`);
}

async function settledJob(id: number) {
  for (const until = Date.now() + 120_000; Date.now() < until; await sleep(250)) {
    const job = await u.t.db.selectFrom('ai_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (job.state !== 'queued' && job.state !== 'running') return job;
  }
  throw new Error(`job ${id} did not end`);
}

async function labelsOf(file: Uint8Array) {
  const nifti = parseNifti(new Uint8Array(file).buffer);
  if (!nifti.ok) throw new Error(nifti.error);
  const voxels = nifti.header.width * nifti.header.height * nifti.header.slices;
  const labels = labelVoxels(nifti.raw, nifti.data, voxels);
  if (!labels.ok) throw new Error(labels.error);
  return labels.labels;
}

beforeAll(async () => {
  u = await newUploader({ AI_BUILTIN_WORKER: 'on', AI_BUILTIN_WORKER_THREADS: '1' });
  ct = await convertedSeries(u, await corpusSeries('segmentation/totalsegmentator/example_ct_dicom'));
  parent = await registerBodyModel(u);
  const imported = await u.t.call('POST', `/v2/import-mask/${ct.uuid}?structure=body-body`, {
    ...who(),
    bytes: thresholdLabelMap(await readFile(ct.volumeFile), BODY_HU),
    prefix: '/svc',
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  segmentationId = imported.body.id;
  // An import titles a single structure's label 'Part 1'; the model calls it Body.
  await u.t.db
    .updateTable('segments')
    .set({ title: 'Body' })
    .where('segmentation_id', '=', segmentationId)
    .execute();
}, 300_000);
afterAll(async () => u.t.close());

describe('the built-in CPU worker trains', () => {
  it('a short training on a real CT to done: validation Dice above 0.8, one derived model, the author told', async () => {
    const started = Date.now();
    const id = await startedTraining(EPOCHS);
    const ended = await trainingWhen(id, (t) => !['queued', 'running'].includes(t.state), 900_000);
    console.log(
      `built-in training #${id}: ${ended.state}, best validation Dice ${ended.best_val_dice?.toFixed(4)} ` +
        `(checkpoint of epoch ${ended.checkpoint?.epoch}) in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        ended.metrics.map((m) => `${m.epoch}: ${m.loss.toFixed(3)}/${m.val_dice.toFixed(3)}`).join(', '),
    );
    expect(ended).toMatchObject({
      state: 'done',
      learned: true,
      attempts: 1,
      error: null,
      epochs_done: EPOCHS,
    });
    expect(ended.best_val_dice).toBeGreaterThan(0.8);
    expect(ended.checkpoint?.val_dice).toBe(ended.best_val_dice);
    expect(ended.worker_name).toBe('Built-in CPU worker');

    const derived = await u.t.db
      .selectFrom('ai_models')
      .selectAll()
      .where('parent_id', '=', parent.id)
      .where('is_derived', '=', true)
      .execute();
    expect(derived.map((m) => m.id)).toEqual([ended.derived_model_id]);
    expect(derived[0]).toMatchObject({ team_id: u.team.id, segments: parent.segments, is_private: true });

    // The derived model runs like any registry model: on the CT, the body as the threshold sees it.
    const model = derived[0]!;
    const queued = await queueBodyJob(u, await seriesIdOf(u, ct), {
      id: model.id,
      code: model.code,
      structureId: model.structure_id,
      segments: model.segments,
    });
    const job = await settledJob(queued.id);
    expect(job).toMatchObject({ state: 'done', error: null });
    const labels = await labelsOf(await storedMask(u, ct, job.segmentation_id ?? 0, 1));
    const truth = await labelsOf(thresholdLabelMap(await readFile(ct.volumeFile), BODY_HU));
    const inference = dice(labels, truth);
    console.log(`derived model ${model.code} on the CT: Dice ${inference.toFixed(4)} against the threshold`);
    expect(inference).toBeGreaterThan(0.9);

    const told: Notification[] = (await api('GET', '/notification')).body.notifications.data;
    const complete = told.find((n) => n.type_code === 'aitrain.train.complete' && n.model1_id === id);
    expect(complete && notificationText(complete)).toBe(`Training #${id} is completed`);
  }, 960_000);

  it('ends a training under its model’s threshold did_not_learn, with no derived model (decision 0095)', async () => {
    // No network reaches a validation Dice of 1 (every voxel right) in one epoch: this one cannot learn enough.
    const threshold = (min_val_dice: number) =>
      u.t.db.updateTable('ai_models').set({ min_val_dice }).where('id', '=', parent.id).execute();
    await threshold(1);
    const id = await startedTraining(1);
    await threshold(0.5);
    const ended = await trainingWhen(id, (t) => !['queued', 'running'].includes(t.state), 600_000);
    console.log(`built-in training #${id}: ${ended.state}, best validation Dice ${ended.best_val_dice}`);
    expect(ended).toMatchObject({
      state: 'did_not_learn',
      learned: false,
      min_val_dice: 1,
      derived_model_id: null,
      epochs_done: 1,
      error: null,
      worker_name: 'Built-in CPU worker',
    });
    expect(ended.checkpoint?.val_dice).toBeLessThan(1);
    const derived = await u.t.db
      .selectFrom('ai_models')
      .select('id')
      .where('parent_id', '=', parent.id)
      .where('description', 'like', `%training #${id}:%`)
      .execute();
    expect(derived).toEqual([]);
  }, 660_000);

  it('stops a running training: its thread ends and the worker takes the next job', async () => {
    const id = await startedTraining(200);
    await trainingWhen(id, (t) => t.state === 'running', 60_000);
    expect((await api('PUT', `/ai2/ai-train/stop/${id}`, { trainId: id, state: 'stopped' })).status).toBe(
      200,
    );
    const queued = await queueBodyJob(u, await seriesIdOf(u, ct), parent);
    expect((await settledJob(queued.id)).state).toBe('done');
    expect((await api('GET', `/ai2/training/${id}`)).body).toMatchObject({
      state: 'stopped',
      derived_model_id: null,
    });
  }, 240_000);
});
