import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import {
  notificationText,
  TRAINING_DID_NOT_LEARN,
  TRAINING_NO_CHECKPOINT,
  TRAINING_NOT_PROMOTABLE,
  type AiModel,
  type ModelRuntimeSpec,
  type Notification,
} from '@voxa/contracts';
import { labelVoxels, parseNifti } from '@voxa/imaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_HU,
  dice,
  queueBodyJob,
  registerBodyModel,
  seriesIdOf,
  type RegisteredModel,
} from '../../../test/body-inference';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { convertedSeries, corpusSeries, storedMask, type ConvertedSeries } from '../../../test/mask-flow';
import { bodyModel } from '../../../test/onnx-models';
import { thresholdLabelMap } from '../../../test/threshold-mask';
import { startBuiltinWorker } from '../inference/builtin-worker/builtin-worker';
import { NOT_HELD } from '../ai-workers/protocol';

/**
 * Checkpoints and the derived model over HTTP (decision 0054): a real CT converted, a threshold mask
 * imported on it, a training of the tests' body model; a worker written here speaks the protocol as an
 * external one would (lease, read the images and masks, report epochs, upload ONNX checkpoints, finish);
 * the derived model is then run by the built-in CPU worker on the CT.
 */
const MAX_BYTES = 300_000;
let u: Uploader;
let ct: ConvertedSeries;
let parent: RegisteredModel;
let segmentationId: number;
let other: { owner: TestUser; team: TestTeam };

const who = () => ({ token: u.owner.token, team: u.team.slug });
const api = (method: string, path: string, body?: unknown) => u.t.call(method, path, { ...who(), body });
const asWorker = (token: string, method: string, path: string, body?: unknown) =>
  u.t.call(method, path, { token, body });

const SPEC: ModelRuntimeSpec = {
  inputChannels: 1,
  targetSpacing: [1.5, 1.5, 1.5],
  normalisation: { kind: 'ct', clip: [-1000, 1000], mean: -1000, std: 1000 },
  patchSize: [96, 96, 48],
  overlap: 0.5,
  segmentValues: [0, 1],
};
/** A real network: the body model thresholding at `hu` (the best checkpoint is the one at BODY_HU). */
const network = (hu: number) => bodyModel({ threshold: (hu + 1000) / 1000 });

async function newWorker(as: { token: string; team: string } = who()) {
  const made = await u.t.call('POST', '/ai-workers', { ...as, body: { name: 'trainer' } });
  expect(made.status).toBe(201);
  const token = made.body.token as string;
  const reg = await asWorker(token, 'POST', '/ai-worker/register', {
    runtimes: ['onnx'],
    models: ['body'],
    capacity: 2,
    kinds: ['training'],
  });
  expect(reg.status).toBe(200);
  return token;
}

/** Sends a checkpoint as a worker does: the fields, then the file part. */
async function checkpoint(
  token: string,
  id: number,
  at: { epoch: number; val_dice: number; spec?: unknown; bytes: Uint8Array },
) {
  const form = new FormData();
  form.append('epoch', String(at.epoch));
  form.append('val_dice', String(at.val_dice));
  form.append('spec', JSON.stringify(at.spec ?? SPEC));
  form.append('file', new Blob([at.bytes]), 'checkpoint.onnx');
  const res = await fetch(`${u.t.url}/api/ai-worker/jobs/${id}/checkpoint`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { kept?: boolean; message?: string } };
}

async function startedTraining(epochs = 3) {
  const created = await api('POST', '/ai2/train/create', {
    modelId: parent.id,
    segmentationIds: [segmentationId],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.trainingId as number;
  expect((await api('POST', `/ai2/train/start/${id}`, { epochs })).status).toBe(200);
  return id;
}

async function leased(token: string, id: number) {
  const res = await asWorker(token, 'POST', '/ai-worker/lease');
  expect(res.body.job?.id).toBe(id);
  return res.body.job;
}

async function notices(): Promise<Notification[]> {
  return (await api('GET', '/notification?per_page=100')).body.notifications.data;
}

async function derivedModels() {
  return u.t.db
    .selectFrom('ai_models')
    .selectAll()
    .where('parent_id', '=', parent.id)
    .where('is_derived', '=', true)
    .execute();
}

beforeAll(async () => {
  u = await newUploader({ AI_MODEL_MAX_BYTES: String(MAX_BYTES) });
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
  const ownerB = await buildUser(u.t);
  other = { owner: ownerB, team: await buildTeam(u.t, ownerB) };
}, 300_000);
afterAll(async () => u.t.close());

describe('a training worker over HTTP', () => {
  it('reads the real image and mask, reports epochs, keeps the best checkpoint and finishes into one derived model', async () => {
    const id = await startedTraining(3);
    const trainer = await newWorker();
    const job = await leased(trainer, id);
    expect(job.training.segmentations).toEqual([
      { segmentation_id: segmentationId, inputs: [expect.objectContaining({ volume: 0 })], has_mask: true },
    ]);
    const get = async (suffix: string) => {
      const res = await fetch(
        `${u.t.url}/api/ai-worker/jobs/${id}/segmentations/${segmentationId}/${suffix}`,
        {
          headers: { authorization: `Bearer ${trainer}` },
        },
      );
      expect(res.status).toBe(200);
      return new Uint8Array(await res.arrayBuffer());
    };
    const image = await get('input/0');
    expect(Buffer.from(image).equals(await readFile(ct.volumeFile))).toBe(true);
    const mask = parseNifti(new Uint8Array(gunzipSync(await get('mask'))).buffer);
    const series = parseNifti(new Uint8Array(image).buffer);
    if (!mask.ok || !series.ok) throw new Error('unreadable NIfTI');
    const voxels = series.header.width * series.header.height * series.header.slices;
    const labels = labelVoxels(mask.raw, mask.data, voxels);
    if (!labels.ok) throw new Error(labels.error);
    expect(labels.labels.some((v) => v === 1)).toBe(true);

    const best = network(BODY_HU);
    const tries = [
      { epoch: 1, val_dice: 0.6, bytes: network(-900), kept: true },
      { epoch: 2, val_dice: 0.9, bytes: best, kept: true },
      { epoch: 3, val_dice: 0.8, bytes: network(0), kept: false },
    ];
    for (const at of tries) {
      const metrics = await asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/metrics`, {
        epoch: at.epoch,
        loss: 1 - at.val_dice,
        val_dice: at.val_dice,
      });
      expect(metrics.body).toEqual({ stop: false });
      const sent = await checkpoint(trainer, id, at);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.kept).toBe(at.kept);
    }
    const running = (await api('GET', `/ai2/training/${id}`)).body;
    expect(running).toMatchObject({
      state: 'running',
      epochs_done: 3,
      checkpoint: { epoch: 2, val_dice: 0.9 },
    });

    const finished = await asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/finish`, { log: 'done' });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body.learned).toBe(true);
    const modelId = finished.body.model_id as number;
    // Its worker asking again gets the same model; no second one is made.
    expect((await asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/finish`, {})).body).toEqual({
      model_id: modelId,
      learned: true,
    });
    expect((await derivedModels()).map((m) => m.id)).toEqual([modelId]);

    const model = (await api('GET', `/ai2/model/${modelId}`)).body as AiModel;
    expect(model).toMatchObject({
      code: `body-t${id}`,
      name: `Body (threshold at -500 HU) (training #${id})`,
      parent_id: parent.id,
      is_derived: true,
      is_private: true,
      structure_slug: 'body-body',
      segments: [expect.objectContaining({ title: 'Body', value: 1 })],
      runtime: 'onnx',
      spacing: SPEC.targetSpacing,
      patch_size: SPEC.patchSize,
      normalization: SPEC.normalisation,
      ready: true,
      file: { size: best.byteLength, sha256: createHash('sha256').update(best).digest('hex') },
    });
    const registry = (await api('GET', '/ai2/models')).body.models as AiModel[];
    expect(registry.filter((m) => m.id === modelId)).toHaveLength(1);
    const theirs = { token: other.owner.token, team: other.team.slug };
    expect((await u.t.call('GET', `/ai2/model/${modelId}`, theirs)).status).toBe(404);

    expect((await api('GET', `/ai2/training/${id}`)).body).toMatchObject({
      state: 'done',
      derived_model_id: modelId,
      min_val_dice: 0.5,
      learned: true,
      log_tail: expect.stringContaining('done'),
    });
    const told = (await notices()).filter((n) => n.model1_id === id).map((n) => n.type_code);
    expect(told).toEqual([
      'aitrain.train.complete',
      'aitrain.upload.complete',
      'aitrain.upload.begin',
      'aitrain.train.begin',
    ]);
    const complete = (await notices()).find((n) => n.type_code === 'aitrain.train.complete');
    expect(complete && notificationText(complete)).toBe(`Training #${id} is completed`);
    expect(complete?.model2_id).toBe(modelId);
  }, 120_000);

  it('makes a derived model the built-in CPU worker runs on a real CT', async () => {
    const [derived] = await derivedModels();
    if (!derived) throw new Error('no derived model');
    const builtin = await startBuiltinWorker(u.t.app.deps, { threads: 1 });
    try {
      const queued = await queueBodyJob(u, await seriesIdOf(u, ct), {
        id: derived.id,
        code: derived.code,
        structureId: derived.structure_id,
        segments: derived.segments,
      });
      let job = await u.t.db
        .selectFrom('ai_jobs')
        .selectAll()
        .where('id', '=', queued.id)
        .executeTakeFirstOrThrow();
      for (
        const until = Date.now() + 120_000;
        ['queued', 'running'].includes(job.state) && Date.now() < until;
      ) {
        await sleep(250);
        job = await u.t.db
          .selectFrom('ai_jobs')
          .selectAll()
          .where('id', '=', queued.id)
          .executeTakeFirstOrThrow();
      }
      expect(job).toMatchObject({ state: 'done', error: null });
      const made = parseNifti(new Uint8Array(await storedMask(u, ct, job.segmentation_id ?? 0, 1)).buffer);
      const reference = parseNifti(
        new Uint8Array(thresholdLabelMap(await readFile(ct.volumeFile), BODY_HU)).buffer,
      );
      if (!made.ok || !reference.ok) throw new Error('unreadable NIfTI');
      const voxels = made.header.width * made.header.height * made.header.slices;
      const a = labelVoxels(made.raw, made.data, voxels);
      const b = labelVoxels(reference.raw, reference.data, voxels);
      if (!a.ok || !b.ok) throw new Error('unreadable labels');
      expect(dice(a.labels, b.labels)).toBeGreaterThan(0.95);
    } finally {
      await builtin.stop();
    }
  }, 180_000);
});

describe('refusals', () => {
  it('answers 409 to a worker not holding the training, 404 to another team’s, 413 past the limit, 422 to what does not fit', async () => {
    const id = await startedTraining();
    const trainer = await newWorker();
    await leased(trainer, id);
    const bytes = network(BODY_HU);
    const stranger = await newWorker();
    const notHeld = await checkpoint(stranger, id, { epoch: 1, val_dice: 0.5, bytes });
    expect(notHeld).toMatchObject({ status: 409, body: { message: NOT_HELD } });
    const foreign = await newWorker({ token: other.owner.token, team: other.team.slug });
    expect((await checkpoint(foreign, id, { epoch: 1, val_dice: 0.5, bytes })).status).toBe(404);
    expect((await asWorker(foreign, 'POST', `/ai-worker/jobs/${id}/finish`, {})).status).toBe(404);
    expect((await asWorker(stranger, 'POST', `/ai-worker/jobs/${id}/finish`, {})).status).toBe(409);

    const big = await checkpoint(trainer, id, {
      epoch: 1,
      val_dice: 0.5,
      bytes: new Uint8Array(MAX_BYTES + 1),
    });
    expect(big.status).toBe(413);
    const notOnnx = await checkpoint(trainer, id, { epoch: 1, val_dice: 0.5, bytes: new Uint8Array(100) });
    expect(notOnnx.status).toBe(422);
    const wrongSpec = await checkpoint(trainer, id, {
      epoch: 1,
      val_dice: 0.5,
      bytes,
      spec: { ...SPEC, segmentValues: [0, 2] },
    });
    expect(wrongSpec.status).toBe(422);
    const badDice = await checkpoint(trainer, id, { epoch: 1, val_dice: 2, bytes });
    expect(badDice).toMatchObject({ status: 422, body: { errors: { val_dice: expect.any(Array) } } });
    // Nothing refused was kept, nor left behind.
    expect((await api('GET', `/ai2/training/${id}`)).body.checkpoint).toBeNull();
    const finish = await asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/finish`, {});
    expect(finish).toMatchObject({ status: 409, body: { message: TRAINING_NO_CHECKPOINT } });
    const folder = await u.t.app.deps.storage.path(['teams', String(u.team.id), 'ai-trainings', String(id)]);
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(folder).catch(() => [])).toEqual([]);

    // Stopped mid-training: its checkpoints and finish are refused, no model is made.
    expect((await checkpoint(trainer, id, { epoch: 1, val_dice: 0.5, bytes })).status).toBe(200);
    await api('PUT', `/ai2/ai-train/stop/${id}`, { trainId: id, state: 'stopped' });
    expect((await checkpoint(trainer, id, { epoch: 2, val_dice: 0.7, bytes })).status).toBe(409);
    expect((await asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/finish`, {})).status).toBe(409);
    expect((await api('GET', `/ai2/training/${id}`)).body).toMatchObject({
      state: 'stopped',
      derived_model_id: null,
      checkpoint: { epoch: 1 },
    });
    expect(await derivedModels()).toHaveLength(1);
  }, 60_000);

  it('retries a training whose worker dies, then fails it after its last attempt and tells the author', async () => {
    const id = await startedTraining();
    const lapse = () =>
      u.t.db
        .updateTable('ai_jobs')
        .set({ lease_expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', id)
        .execute();
    const max = (await api('GET', `/ai2/training/${id}`)).body.max_attempts as number;
    for (let attempt = 1; attempt <= max; attempt++) {
      const trainer = await newWorker();
      expect((await leased(trainer, id)).attempt).toBe(attempt);
      await asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/metrics`, {
        epoch: attempt,
        loss: 1,
        val_dice: 0.1,
      });
      await lapse();
      const seen = (await api('GET', `/ai2/training/${id}`)).body;
      expect(seen.state).toBe(attempt < max ? 'queued' : 'failed');
    }
    const detail = (await api('GET', `/ai2/training/${id}`)).body;
    expect(detail).toMatchObject({ attempts: max, error: `Its workers stopped answering ${max} times.` });
    const failed = (await notices()).filter(
      (n) => n.model1_id === id && n.type_code === 'aitrain.train.fail',
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]?.description).toBe(detail.error);
  }, 60_000);
});

describe('a training that did not learn (decision 0095)', () => {
  /** The case: 0.0015 after the first epoch, 0 after every later one; a checkpoint of the first. */
  async function unlearned(trainer: string, id: number, epochs: number[] = [0.0015, 0, 0]) {
    await leased(trainer, id);
    for (const [i, val_dice] of epochs.entries()) {
      const epoch = i + 1;
      await asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/metrics`, {
        epoch,
        loss: 1 - val_dice,
        val_dice,
      });
      if (epoch === 1) {
        const sent = await checkpoint(trainer, id, { epoch, val_dice, bytes: network(-900) });
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      }
    }
    return asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/finish`, { log: 'finished' });
  }

  it('ends did_not_learn with its figures and makes no model; the author hears it with the figures', async () => {
    const before = (await derivedModels()).length;
    const id = await startedTraining(3);
    const trainer = await newWorker();
    const finished = await unlearned(trainer, id);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body).toEqual({ model_id: null, learned: false });
    // Its worker asking again hears the same; nothing more is made.
    expect((await asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/finish`, {})).body).toEqual({
      model_id: null,
      learned: false,
    });
    expect(await derivedModels()).toHaveLength(before);
    const detail = (await api('GET', `/ai2/training/${id}`)).body;
    expect(detail).toMatchObject({
      state: 'did_not_learn',
      learned: false,
      min_val_dice: 0.5,
      best_val_dice: 0.0015,
      checkpoint: { epoch: 1, val_dice: 0.0015 },
      derived_model_id: null,
      epochs_done: 3,
      error: null,
    });
    const listed = ((await api('GET', '/ai2/trainings')).body as { id: number; state: string }[]).find(
      (t) => t.id === id,
    );
    expect(listed).toMatchObject({ state: 'did_not_learn', best_val_dice: 0.0015, min_val_dice: 0.5 });
    const told = (await notices()).filter((n) => n.model1_id === id);
    expect(told.map((n) => n.type_code)).toEqual(['aitrain.train.complete', 'aitrain.train.begin']);
    expect(told[0]).toMatchObject({ model2_id: null, description: TRAINING_DID_NOT_LEARN(0.0015, 0.5) });
    // Stop refuses it as ended.
    expect((await api('PUT', `/ai2/ai-train/stop/${id}`, { trainId: id, state: 'stopped' })).status).toBe(
      409,
    );
  }, 60_000);

  it('is promoted on the user’s word into the derived model of its best checkpoint, once', async () => {
    const id = await startedTraining(3);
    const trainer = await newWorker();
    expect((await unlearned(trainer, id)).body).toEqual({ model_id: null, learned: false });
    const before = (await derivedModels()).length;

    const promoted = await api('POST', `/ai2/train/promote/${id}`);
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    const modelId = promoted.body.derived_model_id as number;
    expect(promoted.body).toMatchObject({ id, state: 'did_not_learn', learned: false });
    expect(modelId).toEqual(expect.any(Number));
    const model = (await api('GET', `/ai2/model/${modelId}`)).body as AiModel;
    const bytes = network(-900);
    expect(model).toMatchObject({
      code: `body-t${id}`,
      parent_id: parent.id,
      is_derived: true,
      is_private: true,
      ready: true,
      min_val_dice: 0.5,
      file: { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') },
    });
    // Again: the same model, no second.
    const again = await api('POST', `/ai2/train/promote/${id}`);
    expect(again.body.derived_model_id).toBe(modelId);
    expect(await derivedModels()).toHaveLength(before + 1);
    // The worker asking again now hears the model its training became.
    expect((await asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/finish`, {})).body).toEqual({
      model_id: modelId,
      learned: false,
    });
  }, 60_000);

  it('judges by the threshold of the model at start: 0.9 under 0.95 did not learn', async () => {
    const set = (min_val_dice: number) =>
      u.t.db.updateTable('ai_models').set({ min_val_dice }).where('id', '=', parent.id).execute();
    await set(0.95);
    const id = await startedTraining(1);
    await set(0.5);
    const trainer = await newWorker();
    expect((await unlearned(trainer, id, [0.9])).body).toEqual({ model_id: null, learned: false });
    expect((await api('GET', `/ai2/training/${id}`)).body).toMatchObject({
      state: 'did_not_learn',
      min_val_dice: 0.95,
      best_val_dice: 0.9,
    });
  }, 60_000);

  it('refuses a promote of another team’s (404), by a role without r:ai-trainings (403), of any other state (409)', async () => {
    const id = await startedTraining(3);
    const trainer = await newWorker();
    // Not ended yet: 409.
    await leased(trainer, id);
    expect(await api('POST', `/ai2/train/promote/${id}`)).toMatchObject({
      status: 409,
      body: { message: TRAINING_NOT_PROMOTABLE },
    });
    await asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/metrics`, { epoch: 1, loss: 1, val_dice: 0.001 });
    await checkpoint(trainer, id, { epoch: 1, val_dice: 0.001, bytes: network(-900) });
    await asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/finish`, {});
    const theirs = { token: other.owner.token, team: other.team.slug };
    expect((await u.t.call('POST', `/ai2/train/promote/${id}`, theirs)).status).toBe(404);
    const annotator = await buildMember(u.t, u.team, 'Annotator');
    const asAnnotator = { token: annotator.token, team: u.team.slug };
    expect((await u.t.call('POST', `/ai2/train/promote/${id}`, asAnnotator)).status).toBe(403);
    expect((await api('POST', '/ai2/train/promote/0')).status).toBe(422);
    expect((await api('POST', '/ai2/train/promote/999999')).status).toBe(404);
    // A training that learned (the first test's) is done: not promotable.
    const [learned] = await u.t.db
      .selectFrom('ai_trainings')
      .select('job_id')
      .where('learned', '=', true)
      .execute();
    expect((await api('POST', `/ai2/train/promote/${learned?.job_id ?? 0}`)).status).toBe(409);
    expect((await api('GET', `/ai2/training/${id}`)).body.derived_model_id).toBeNull();
  }, 60_000);

  it('refuses a model threshold outside 0..1 and a segmentation need outside 1..500 (422)', async () => {
    const model = (await api('GET', `/ai2/model/${parent.id}`)).body as AiModel;
    const input = {
      name: model.name,
      code: model.code,
      structure: model.structure_slug,
      segments: model.segments.map(({ title, value }) => ({ title, value })),
      runtime: model.runtime,
      modality: model.modality,
      spacing: model.spacing,
      patch_size: model.patch_size,
      normalization: model.normalization,
    };
    const bad = await api('PUT', `/ai2/model/${parent.id}`, {
      ...input,
      min_val_dice: 1.5,
      min_training_segmentations: 0,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual([
      'min_training_segmentations',
      'min_val_dice',
    ]);
    const good = await api('PUT', `/ai2/model/${parent.id}`, {
      ...input,
      min_val_dice: 0.5,
      min_training_segmentations: 3,
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body).toMatchObject({ min_val_dice: 0.5, min_training_segmentations: 3 });
  });
});
