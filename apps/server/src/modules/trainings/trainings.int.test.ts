import {
  TRAINING_ENDED,
  TRAINING_INVALID,
  TRAINING_NOT_CREATED,
  TRAINING_SEGMENT_COUNT,
} from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildRole,
  buildTeam,
  buildUser,
  type TestTeam,
  type TestUser,
} from '../../../test/factories';
import { buildSegmentation, buildSegments, buildStructure } from '../../../test/segmentation-factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createStorage } from '../../platform/storage';
import { maskKey, seriesPartKey } from '../../platform/storage/layout';
import { seriesFolderOf } from '../segmentations/mask-revisions';

/**
 * Trainings over segmentations made in the database, with workers that speak the real protocol: one that
 * trains, one that runs inference only.
 */
let t: TestApp;
let owner: TestUser;
let team: TestTeam;
let other: { owner: TestUser; team: TestTeam };
let modelId: number;
/** Two live segments Part 1 and Part 2, as the model's: valid; one with a single segment: invalid. */
let valid: number[];
let invalid: number;
let foreign: number;

const api = (method: string, path: string, body?: unknown) =>
  t.call(method, path, { token: owner.token, team: team.slug, body });
const asWorker = (token: string, method: string, path: string, body?: unknown) =>
  t.call(method, path, { token, body });

async function worker(kinds?: string[]) {
  const made = await api('POST', '/ai-workers', { name: `w-${kinds?.join('-') ?? 'default'}` });
  expect(made.status).toBe(201);
  const token = made.body.token as string;
  const reg = await asWorker(token, 'POST', '/ai-worker/register', {
    runtimes: ['external'],
    models: ['seg-model', 'total'],
    capacity: 4,
    ...(kinds && { kinds }),
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  return token;
}

async function segmentation(tm: TestTeam, structureId: number, segments: number, deleted: number[] = []) {
  const study = await buildStudy(t, tm, { patientName: 'Training case' });
  const series = await buildSeries(t, tm, study, { sort: 1 });
  const sg = await buildSegmentation(t, tm, series, { structure: { id: structureId } });
  await buildSegments(t, tm, sg, segments, { deleted });
  return sg.id;
}

async function createdTraining(ids = valid) {
  const res = await api('POST', '/ai2/train/create', { modelId, segmentationIds: ids });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.trainingId as number;
}

async function startedTraining(epochs = 4) {
  const id = await createdTraining();
  const res = await api('POST', `/ai2/train/start/${id}`, { epochs });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return id;
}

/** Leases until the training `id` comes (older queued ones of this file are stopped first). */
async function leaseTraining(token: string) {
  const res = await asWorker(token, 'POST', '/ai-worker/lease');
  expect(res.status).toBe(200);
  return res.body.job;
}

async function stopOpen() {
  for (const tr of (await api('GET', '/ai2/trainings')).body as { id: number; state: string }[])
    if (['created', 'queued', 'running'].includes(tr.state))
      await api('PUT', `/ai2/ai-train/stop/${tr.id}`, { trainId: tr.id, state: 'stopped' });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t, { name: 'Trainer' });
  team = await buildTeam(t, owner);
  const ownerB = await buildUser(t);
  other = { owner: ownerB, team: await buildTeam(t, ownerB) };
  const structure = await buildStructure(t, { team });
  modelId = (
    await t.db
      .insertInto('ai_models')
      .values({
        team_id: team.id,
        name: 'Segmenter',
        code: 'seg-model',
        structure_id: structure.id,
        segments: JSON.stringify([
          { title: 'Part 1', value: 1 },
          { title: 'Part 2', value: 2 },
        ]),
        runtime: 'external',
        modality: 'CT',
        channels: 1,
        spacing: JSON.stringify([1, 1, 1]),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  valid = [await segmentation(team, structure.id, 2), await segmentation(team, structure.id, 3, [3])];
  invalid = await segmentation(team, structure.id, 1);
  foreign = await segmentation(other.team, (await buildStructure(t, { team: other.team })).id, 2);
}, 120_000);
afterAll(async () => t.close());

describe('train-segmentation', () => {
  it('answers each named segmentation with its live segments and whether it is valid, and why not', async () => {
    const ids = [...valid, invalid].join(',');
    const res = await api('GET', `/ai2/ai-train/${modelId}/train-segmentation?segmentationId=${ids}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byId = new Map((res.body as { segmentation_id: number }[]).map((s) => [s.segmentation_id, s]));
    expect(byId.get(valid[0]!)).toMatchObject({
      valid: true,
      reason: null,
      segments: [
        { title: 'Part 1', value: 1 },
        { title: 'Part 2', value: 2 },
      ],
      study: { name: 'Training case' },
    });
    // A deleted segment is not counted.
    expect(byId.get(valid[1]!)).toMatchObject({ valid: true });
    expect(byId.get(invalid)).toMatchObject({ valid: false, reason: TRAINING_SEGMENT_COUNT(1, 2) });
  });

  it('answers the team’s segmentations of the model’s structure when none are named', async () => {
    const res = await api('GET', `/ai2/ai-train/${modelId}/train-segmentation`);
    expect(res.status).toBe(200);
    expect((res.body as { segmentation_id: number }[]).map((s) => s.segmentation_id).sort()).toEqual(
      [...valid, invalid].sort(),
    );
  });

  it('does not find another team’s segmentation or model', async () => {
    const path = `/ai2/ai-train/${modelId}/train-segmentation`;
    expect((await api('GET', `${path}?segmentationId=${valid[0]},${foreign}`)).status).toBe(404);
    const theirs = await t.call('GET', path, { token: other.owner.token, team: other.team.slug });
    expect(theirs.status).toBe(404);
  });

  it('answers none to a member who reads no segmentation, and finds none it names', async () => {
    await buildRole(t, team, 'Trainer only', ['r:dashboard', 'r:ai-trainings']);
    const member = await buildMember(t, team, 'Trainer only');
    const as = { token: member.token, team: team.slug };
    const path = `/ai2/ai-train/${modelId}/train-segmentation`;
    expect((await t.call('GET', path, as)).body).toEqual([]);
    expect((await t.call('GET', `${path}?segmentationId=${valid[0]}`, as)).status).toBe(404);
    const create = { ...as, body: { modelId, segmentationIds: [valid[0]] } };
    expect((await t.call('POST', '/ai2/train/create', create)).status).toBe(404);
  });
});

describe('create, start, stop', () => {
  it('refuses an invalid segmentation with why, and makes nothing', async () => {
    const before = (await api('GET', '/ai2/trainings')).body.length;
    const res = await api('POST', '/ai2/train/create', { modelId, segmentationIds: [valid[0], invalid] });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(TRAINING_INVALID);
    expect(JSON.stringify(res.body)).toContain(TRAINING_SEGMENT_COUNT(1, 2));
    expect((await api('GET', '/ai2/trainings')).body).toHaveLength(before);
  });

  it('creates, starts once with the parameters recorded, and stops to stopped', async () => {
    const id = await createdTraining();
    const created = await api('GET', `/ai2/training/${id}`);
    expect(created.body).toMatchObject({
      id,
      state: 'created',
      model: { id: modelId, code: 'seg-model', name: 'Segmenter' },
      segmentation_ids: valid,
      segmentation_count: 2,
      epochs_done: 0,
      best_val_dice: null,
      created_by_user_name: 'Trainer',
      metrics: [],
    });
    const started = await api('POST', `/ai2/train/start/${id}`, { epochs: 10, learningRate: 0.01 });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ state: 'queued', epochs: 10 });
    // The training is an AI run on each segmentation's study in the audit trail (decision 0065).
    const runs = await t.db
      .selectFrom('audit_logs')
      .select(['data', 'study_id'])
      .where('action', '=', 'ai-run')
      .where('subject_id', '=', String(id))
      .where('subject_type', '=', 'training')
      .execute();
    expect(runs.map((r) => r.data.segmentation).sort()).toEqual([...valid].sort());
    expect(runs.every((r) => r.study_id !== null)).toBe(true);
    expect((await api('GET', `/ai2/training/${id}`)).body.parameters).toEqual({
      epochs: 10,
      learningRate: 0.01,
      validationSplit: 0.2,
      patchSize: [64, 64, 64],
    });
    const again = await api('POST', `/ai2/train/start/${id}`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TRAINING_NOT_CREATED);
    const stop = await api('PUT', `/ai2/ai-train/stop/${id}`, { trainId: id, state: 'stopped' });
    expect(stop.status).toBe(200);
    expect(stop.body).toEqual({ trainId: id, state: 'stopped' });
    expect((await api('GET', `/ai2/training/${id}`)).body.state).toBe('stopped');
    const twice = await api('PUT', `/ai2/ai-train/stop/${id}`, { trainId: id, state: 'stopped' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(TRAINING_ENDED);
  });

  it('is not found by another team, nor among inferences', async () => {
    const id = await createdTraining();
    const theirs = { token: other.owner.token, team: other.team.slug };
    expect((await t.call('GET', `/ai2/training/${id}`, theirs)).status).toBe(404);
    expect((await t.call('POST', `/ai2/train/start/${id}`, { ...theirs, body: {} })).status).toBe(404);
    const stop = { ...theirs, body: { trainId: id, state: 'stopped' } };
    expect((await t.call('PUT', `/ai2/ai-train/stop/${id}`, stop)).status).toBe(404);
    expect((await t.call('GET', '/ai2/trainings', theirs)).body).toEqual([]);
    expect((await api('GET', `/ai2/inference/${id}`)).status).toBe(404);
    expect((await api('PUT', `/ai2/inference/${id}/cancel`)).status).toBe(404);
    await api('PUT', `/ai2/ai-train/stop/${id}`, { trainId: id, state: 'stopped' });
  });
});

describe('a worker that trains', () => {
  it('gets trainings while an inference-only worker never does; reports epochs; hears stop', async () => {
    await stopOpen();
    const id = await startedTraining(4);
    const inferenceOnly = await worker();
    expect(await leaseTraining(inferenceOnly)).toBeNull();
    const trainer = await worker(['training']);
    const job = await leaseTraining(trainer);
    expect(job).toMatchObject({
      id,
      kind: 'training',
      model: { id: modelId, code: 'seg-model' },
      training: { segmentation_ids: valid },
      inputs: [],
      parameters: { epochs: 4 },
      segments: [
        { title: 'Part 1', value: 1 },
        { title: 'Part 2', value: 2 },
      ],
    });
    const begun = (await api('GET', '/notification')).body.notifications.data[0];
    expect(begun).toMatchObject({
      type_code: 'aitrain.train.begin',
      model1_id: id,
      url: `/ai2-trainings/detail/${id}`,
    });
    // A training has no series to read and makes no segmentation.
    expect((await asWorker(trainer, 'GET', `/ai-worker/jobs/${id}/input/0`)).status).toBe(409);

    const metrics = `/ai-worker/jobs/${id}/metrics`;
    expect((await asWorker(trainer, 'POST', metrics, { epoch: 1, loss: 0.9, val_dice: 0.4 })).body).toEqual({
      stop: false,
    });
    await asWorker(trainer, 'POST', metrics, { epoch: 2, loss: 0.5, val_dice: 0.7, log: 'epoch 2' });
    // Another worker's report on it is answered stop and kept nowhere.
    expect(
      (await asWorker(inferenceOnly, 'POST', metrics, { epoch: 3, loss: 0, val_dice: 1 })).body.stop,
    ).toBe(true);
    const detail = (await api('GET', `/ai2/training/${id}`)).body;
    expect(detail).toMatchObject({
      state: 'running',
      epochs_done: 2,
      best_val_dice: 0.7,
      log_tail: 'epoch 2',
    });
    expect(detail.metrics.map((m: { epoch: number; loss: number }) => [m.epoch, m.loss])).toEqual([
      [1, 0.9],
      [2, 0.5],
    ]);
    const row = await t.db
      .selectFrom('ai_jobs')
      .select('progress')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.progress).toBe(0.5);

    expect((await api('PUT', `/ai2/ai-train/stop/${id}`, { trainId: id, state: 'stopped' })).status).toBe(
      200,
    );
    expect((await asWorker(trainer, 'POST', metrics, { epoch: 3, loss: 0.4, val_dice: 0.8 })).body.stop).toBe(
      true,
    );
    expect((await asWorker(trainer, 'POST', '/ai-worker/heartbeat', { running: [id] })).body.stop).toEqual([
      id,
    ]);
    const stopped = (await api('GET', `/ai2/training/${id}`)).body;
    expect(stopped).toMatchObject({ state: 'stopped', epochs_done: 2 });
  });

  it('reads the images and masks of its set only, while it holds the training', async () => {
    await stopOpen();
    // valid[0]'s series gets a volume and the segmentation a mask, written where conversion and saves do.
    const sg = await t.db
      .selectFrom('segmentations')
      .select(['id', 'series_id'])
      .where('id', '=', valid[0]!)
      .executeTakeFirstOrThrow();
    const storage = await createStorage(t.config.DATA_DIR);
    const folder = await seriesFolderOf(t.db, team.id, sg.series_id);
    const volume = new Uint8Array([1, 2, 3, 4]);
    const mask = new Uint8Array([5, 6, 7]);
    await storage.writeAtomic([...seriesPartKey(folder, 'nifti'), 'ct.nii.gz'], volume);
    await storage.writeAtomic(maskKey(folder, sg.id, 1), mask);
    await t.db
      .updateTable('series')
      .set({ data: JSON.stringify({ nifti: ['ct.nii.gz'] }) })
      .where('id', '=', sg.series_id)
      .execute();
    await t.db.updateTable('segmentations').set({ mask_revision: 1 }).where('id', '=', sg.id).execute();

    const id = await startedTraining();
    const trainer = await worker(['training']);
    const job = await leaseTraining(trainer);
    expect(job.training.segmentations).toEqual([
      { segmentation_id: valid[0], inputs: [{ volume: 0, name: 'ct.nii.gz' }], has_mask: true },
      { segmentation_id: valid[1], inputs: [], has_mask: false },
    ]);
    const get = (suffix: string, token = trainer) =>
      fetch(`${t.url}/api/ai-worker/jobs/${id}/segmentations/${suffix}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const image = await get(`${valid[0]}/input/0`);
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(volume);
    const label = await get(`${valid[0]}/mask`);
    expect(label.status).toBe(200);
    expect(new Uint8Array(await label.arrayBuffer())).toEqual(mask);
    expect((await get(`${valid[1]}/mask`)).status).toBe(404);
    expect((await get(`${invalid}/input/0`)).status).toBe(404);
    expect((await get(`${valid[0]}/mask`, await worker(['training']))).status).toBe(409);
    await api('PUT', `/ai2/ai-train/stop/${id}`, { trainId: id, state: 'stopped' });
    expect((await get(`${valid[0]}/mask`)).status).toBe(409);
  });

  it('fails with the worker’s message and tells the author', async () => {
    await stopOpen();
    const id = await startedTraining();
    const trainer = await worker(['inference', 'training']);
    expect((await leaseTraining(trainer)).id).toBe(id);
    const res = await asWorker(trainer, 'POST', `/ai-worker/jobs/${id}/fail`, { message: 'Out of memory.' });
    expect(res.status).toBe(204);
    expect((await api('GET', `/ai2/training/${id}`)).body).toMatchObject({
      state: 'failed',
      error: 'Out of memory.',
    });
    const told = (await api('GET', '/notification')).body.notifications.data[0];
    expect(told).toMatchObject({
      type_code: 'aitrain.train.fail',
      model1_id: id,
      description: 'Out of memory.',
    });
  });

  it('goes back to the queue when its worker vanishes, for the next worker that trains', async () => {
    await stopOpen();
    const id = await startedTraining();
    const first = await worker(['training']);
    expect((await leaseTraining(first)).id).toBe(id);
    await t.db
      .updateTable('ai_jobs')
      .set({ lease_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    const second = await worker(['training']);
    expect(await leaseTraining(second)).toMatchObject({ id, attempt: 2 });
    expect(
      (await asWorker(first, 'POST', `/ai-worker/jobs/${id}/metrics`, { epoch: 1, loss: 1, val_dice: 0 }))
        .body.stop,
    ).toBe(true);
  });
});
