import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gridMismatch, labelVoxels, parseNifti, readNiftiVolume } from '@voxa/imaging';
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
import { TESTDATA_DIR } from '../../../../test/corpus';
import { convertedSeries, corpusSeries, storedMask, type ConvertedSeries } from '../../../../test/mask-flow';
import { BUILTIN_WORKER_NAME } from './builtin-worker';

/**
 * The built-in CPU worker inside a real server: a team's ONNX body model (a real network, onnx-models.ts)
 * in the registry, TotalSegmentator's example CT uploaded and converted for real, one queued job; the
 * worker leases it, runs it in its thread and hands the labels to the protocol's result path.
 */
const TOTALSEGMENTATOR = path.join(TESTDATA_DIR, 'segmentation', 'totalsegmentator');
const arrayBuffer = (b: Uint8Array): ArrayBuffer => new Uint8Array(b).buffer;

let u: Uploader;
let ct: ConvertedSeries;
let seriesId: number;
let model: RegisteredModel;
beforeAll(async () => {
  u = await newUploader({ AI_BUILTIN_WORKER: 'on', AI_BUILTIN_WORKER_THREADS: '1' });
  ct = await convertedSeries(u, await corpusSeries('segmentation/totalsegmentator/example_ct_dicom'));
  seriesId = await seriesIdOf(u, ct);
  model = await registerBodyModel(u);
}, 240_000);
afterAll(async () => u.t.close());

async function settledJob(id: number) {
  for (const until = Date.now() + 120_000; Date.now() < until; await sleep(250)) {
    const job = await u.t.db.selectFrom('ai_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (job.state !== 'queued' && job.state !== 'running') return job;
  }
  throw new Error(`job ${id} did not end`);
}

describe('the built-in CPU worker', () => {
  it('runs a queued job of an ONNX model on a real CT: a segmentation on the series’ grid, the body as a HU threshold sees it', async () => {
    const queued = await queueBodyJob(u, seriesId, model);
    const job = await settledJob(queued.id);
    expect(job).toMatchObject({ state: 'done', attempts: 1, progress: 1, error: null });
    expect(job.log_tail).toMatch(/Built-in CPU worker: body, attempt 1/);
    const worker = await u.t.db
      .selectFrom('ai_workers')
      .selectAll()
      .where('id', '=', job.worker_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(worker).toMatchObject({ team_id: null, name: BUILTIN_WORKER_NAME, models: ['body'] });

    const who = { token: u.owner.token, team: u.team.slug };
    const made = (await u.t.call('GET', `/segmentations/${job.segmentation_id}`, who)).body;
    expect(made.segments).toEqual([expect.objectContaining({ value: 1, title: 'Body' })]);
    expect(made.structure.slug).toBe('body-body');

    // The mask has the series' grid: its dimensions, voxel size and affine.
    const series = await readFile(ct.volumeFile);
    const seriesNifti = parseNifti(arrayBuffer(series));
    const mask = parseNifti(arrayBuffer(await storedMask(u, ct, job.segmentation_id ?? 0, 1)));
    if (!seriesNifti.ok || !mask.ok) throw new Error('unreadable NIfTI');
    expect(gridMismatch(mask.raw, seriesNifti.raw)).toBeNull();
    const voxels = seriesNifti.header.width * seriesNifti.header.height * seriesNifti.header.slices;
    const labels = labelVoxels(mask.raw, mask.data, voxels);
    if (!labels.ok) throw new Error(labels.error);

    // TotalSegmentator has no body output in the test data: the reference is each voxel above -500 HU,
    // read with the imaging package's reader (0.98 when written: docs/decisions/0048).
    const volume = readNiftiVolume(arrayBuffer(series));
    if (!volume.ok) throw new Error(volume.error);
    const threshold = Uint8Array.from(labels.labels, (_, i) => Number(volume.volume.voxel(i) > BODY_HU));
    expect(dice(labels.labels, threshold)).toBeGreaterThan(0.95);
    // TotalSegmentator's own structures on this series lie inside the body, all but those holding gas.
    const seg = parseNifti(
      arrayBuffer(await readFile(path.join(TOTALSEGMENTATOR, 'example_seg_dicom.nii.gz'))),
    );
    if (!seg.ok) throw new Error(seg.error);
    const reference = labelVoxels(seg.raw, seg.data, voxels);
    if (!reference.ok) throw new Error(reference.error);
    const classes = JSON.parse(await readFile(path.join(TOTALSEGMENTATOR, 'class_map.json'), 'utf8'));
    const gas = new Set(
      Object.entries(classes.total as Record<string, string>)
        .filter(([, name]) => /^(lung|trachea|esophagus|stomach|duodenum|small_bowel|colon)/.test(name))
        .map(([value]) => Number(value)),
    );
    let [inside, structures] = [0, 0];
    reference.labels.forEach((label, i) => {
      if (label > 0 && !gas.has(label))
        [structures, inside] = [structures + 1, inside + (labels.labels[i] ?? 0)];
    });
    expect(structures).toBeGreaterThan(1000);
    expect(inside / structures).toBeGreaterThan(0.99);

    const told = await u.t.call('GET', '/notification', who);
    expect(told.body.notifications.data[0]).toMatchObject({ type_code: 'aiinfer.done', model2_id: job.id });
    // The team sees the platform worker, read-only, with its job.
    const list = await u.t.call('GET', '/ai-workers', who);
    expect(list.body.find((w: { id: number }) => w.id === worker.id)).toMatchObject({
      platform: true,
      can_revoke: false,
      status: 'online',
      jobs: [expect.objectContaining({ id: job.id, state: 'done' })],
    });
  }, 180_000);

  it('fails a job whose model cannot run here, with the reason', async () => {
    const queued = await queueBodyJob(u, seriesId, model);
    await u.t.db.updateTable('ai_models').set({ patch_size: null }).where('id', '=', model.id).execute();
    try {
      const job = await settledJob(queued.id);
      expect(job).toMatchObject({ state: 'failed', error: expect.stringMatching(/patch size/) });
    } finally {
      await u.t.db
        .updateTable('ai_models')
        .set({ patch_size: JSON.stringify([96, 96, 48]) })
        .where('id', '=', model.id)
        .execute();
    }
  }, 60_000);
});
