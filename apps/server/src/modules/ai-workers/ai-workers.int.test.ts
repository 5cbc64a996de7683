import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AI_WORKER_PLATFORM, type LeasedJob } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob } from '../../../test/ai-job-factories';
import { hashToken } from '../../platform/secrets';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { TESTDATA_DIR } from '../../../test/corpus';
import { buildMember, buildRole, buildTeam, buildUser } from '../../../test/factories';
import { convertedSeries, corpusSeries, readNifti, type ConvertedSeries } from '../../../test/mask-flow';

/**
 * The worker protocol against a real server, on the example CT of TotalSegmentator uploaded and converted
 * for real, with TotalSegmentator's own label map of it as the result a worker hands back.
 */
const TOTALSEGMENTATOR = path.join(TESTDATA_DIR, 'segmentation', 'totalsegmentator');

let u: Uploader;
let ct: ConvertedSeries;
let seriesId: number;
let structureId: number;
let segments: { title: string; value: number }[];
let who: { token: string; team: string };
beforeAll(async () => {
  u = await newUploader();
  who = { token: u.owner.token, team: u.team.slug };
  ct = await convertedSeries(u, await corpusSeries('segmentation/totalsegmentator/example_ct_dicom'));
  seriesId = (
    await u.t.db.selectFrom('series').select('id').where('uuid', '=', ct.uuid).executeTakeFirstOrThrow()
  ).id;
  const structure = await u.t.db
    .selectFrom('structures')
    .select('id')
    .where('slug', '=', 'totalsegmentator-total')
    .where('team_id', 'is', null)
    .executeTakeFirstOrThrow();
  structureId = structure.id;
  segments = (
    await u.t.db
      .selectFrom('structure_classes')
      .innerJoin('structures', 'structures.id', 'structure_classes.class_id')
      .select(['structure_classes.value', 'structures.title'])
      .where('structure_classes.structure_id', '=', structureId)
      .orderBy('structure_classes.value')
      .execute()
  ).map((r) => ({ title: r.title, value: r.value }));
}, 240_000);
afterAll(async () => u.t.close());

/** A worker of the team, by its token: created through the admin page's call. */
async function newWorker(name = 'gpu-box') {
  const res = await u.t.call('POST', '/ai-workers', { ...who, body: { name } });
  expect(res.status).toBe(201);
  return { id: res.body.worker.id as number, token: res.body.token as string };
}

const as = (
  token: string,
  method: string,
  apiPath: string,
  opts: { body?: unknown; bytes?: Uint8Array } = {},
) => u.t.call(method, apiPath, { token, ...opts });

async function registered(name?: string, models = ['total'], capacity = 1) {
  const worker = await newWorker(name);
  const res = await as(worker.token, 'POST', '/ai-worker/register', {
    body: { runtimes: ['external'], models, capacity, version: 'test 1' },
  });
  expect(res.status).toBe(200);
  return worker;
}

const lease = async (token: string): Promise<LeasedJob | null> => {
  const res = await as(token, 'POST', '/ai-worker/lease');
  expect(res.status).toBe(200);
  return res.body.job;
};

const newJob = (over: Partial<Parameters<typeof buildJob>[1]> = {}) =>
  buildJob(u.t, { teamId: u.team.id, seriesId, createdBy: u.owner.id, structureId, segments, ...over });

/** Leaves no queued job behind for the next test. */
async function drain() {
  await u.t.db
    .updateTable('ai_jobs')
    .set({ state: 'cancelled' })
    .where('state', 'in', ['queued', 'running'])
    .execute();
}

describe('AI workers', () => {
  it('gives a token once, keeps its hash, and shows the worker new, then online with what it serves', async () => {
    const worker = await newWorker('box-1');
    expect(worker.token).toMatch(/^vxw_/);
    const stored = await u.t.db
      .selectFrom('ai_workers')
      .selectAll()
      .where('id', '=', worker.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(worker.token);
    let list = await u.t.call('GET', '/ai-workers', who);
    expect(list.status).toBe(200);
    expect(list.body.find((w: { id: number }) => w.id === worker.id)).toMatchObject({ status: 'new' });
    await as(worker.token, 'POST', '/ai-worker/register', {
      body: { runtimes: ['onnx'], models: ['total', 'total'], capacity: 2 },
    });
    list = await u.t.call('GET', '/ai-workers', who);
    expect(list.body.find((w: { id: number }) => w.id === worker.id)).toMatchObject({
      status: 'online',
      runtimes: ['onnx'],
      models: ['total'],
      capacity: 2,
    });
  });

  it('refuses the protocol without a worker token, with a user’s, and once revoked', async () => {
    const worker = await registered('box-2');
    expect((await u.t.call('POST', '/ai-worker/lease')).status).toBe(401);
    expect((await as(u.owner.token, 'POST', '/ai-worker/lease')).status).toBe(401);
    expect((await as('vxw_not-a-token', 'POST', '/ai-worker/lease')).status).toBe(401);
    expect((await u.t.call('DELETE', `/ai-workers/${worker.id}`, who)).status).toBe(204);
    expect((await as(worker.token, 'POST', '/ai-worker/lease')).status).toBe(401);
    // The worker token is no user's: team endpoints do not take it.
    expect((await u.t.call('GET', '/ai-workers', { token: worker.token, team: u.team.slug })).status).toBe(
      401,
    );
  });

  it('manages workers with r:ai-workers only, within the team', async () => {
    await buildRole(u.t, u.team, 'NoWorkers', ['r:studies']);
    const member = await buildMember(u.t, u.team, 'NoWorkers');
    expect((await u.t.call('GET', '/ai-workers', { token: member.token, team: u.team.slug })).status).toBe(
      403,
    );
    const stranger = await buildUser(u.t);
    const theirs = await buildTeam(u.t, stranger);
    const worker = await newWorker('box-3');
    const foreign = await u.t.call('DELETE', `/ai-workers/${worker.id}`, {
      token: stranger.token,
      team: theirs.slug,
    });
    expect(foreign.status).toBe(404);
  });

  it('leases each job to one worker only, in order, within capacity and the models served', async () => {
    await drain();
    const a = await registered('lease-a');
    const b = await registered('lease-b');
    const other = await registered('lease-other', ['total-mr']);
    const first = await newJob();
    const second = await newJob();
    const [gotA, gotB] = await Promise.all([lease(a.token), lease(b.token)]);
    expect(new Set([gotA?.id, gotB?.id])).toEqual(new Set([first.id, second.id]));
    expect(gotA?.attempt).toBe(1);
    expect(gotA?.inputs).toEqual([{ volume: 0, name: expect.stringMatching(/\.nii$/) }]);
    expect(gotA?.segments).toEqual(segments);
    // At capacity (1): nothing more, even with a job waiting; a worker of another model gets none.
    await newJob();
    expect(await lease(a.token)).toBeNull();
    expect(await lease(other.token)).toBeNull();
    await drain();
  });

  it('never leases another team’s job', async () => {
    await drain();
    const stranger = await buildUser(u.t);
    const theirs = await buildTeam(u.t, stranger);
    const res = await u.t.call('POST', '/ai-workers', {
      token: stranger.token,
      team: theirs.slug,
      body: { name: 'x' },
    });
    const token = res.body.token as string;
    await as(token, 'POST', '/ai-worker/register', {
      body: { runtimes: ['external'], models: ['total'], capacity: 4 },
    });
    const job = await newJob();
    expect(await lease(token)).toBeNull();
    // Nor can it read, report on or answer it.
    expect((await as(token, 'GET', `/ai-worker/jobs/${job.id}/input/0`)).status).toBe(404);
    expect(
      (await as(token, 'POST', `/ai-worker/jobs/${job.id}/progress`, { body: { progress: 0.5 } })).status,
    ).toBe(404);
    expect(
      (await as(token, 'PUT', `/ai-worker/jobs/${job.id}/result`, { bytes: new Uint8Array([1]) })).status,
    ).toBe(404);
    await drain();
  });

  it('lets a platform worker lease every team’s jobs, oldest first, shown read-only to each team with its own jobs', async () => {
    await drain();
    const token = 'vxw_platform-test-token';
    const platform = await u.t.db
      .insertInto('ai_workers')
      .values({ team_id: null, name: 'Platform box', token_hash: hashToken(token) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await as(token, 'POST', '/ai-worker/register', {
      body: { runtimes: ['onnx'], models: ['total'], capacity: 2 },
    });
    const stranger = await buildUser(u.t);
    const theirs = await buildTeam(u.t, stranger);
    const mine = await newJob();
    const foreign = await buildJob(u.t, {
      teamId: theirs.id,
      seriesId,
      createdBy: stranger.id,
      structureId,
      segments,
    });
    expect((await lease(token))?.id).toBe(mine.id);
    expect((await lease(token))?.id).toBe(foreign.id);
    // It reads and reports on either team's job (the other team's made on this series for brevity).
    expect((await as(token, 'GET', `/ai-worker/jobs/${mine.id}/input/0`)).status).toBe(200);
    expect(
      (await as(token, 'POST', `/ai-worker/jobs/${foreign.id}/progress`, { body: { progress: 0.5 } })).body,
    ).toEqual({ stop: false });
    const list = await u.t.call('GET', '/ai-workers', who);
    const shown = list.body.find((w: { id: number }) => w.id === platform.id);
    expect(shown).toMatchObject({ platform: true, can_revoke: false, status: 'online' });
    // Only this team's job, not the other team's.
    expect(shown.jobs.map((j: { id: number }) => j.id)).toEqual([mine.id]);
    const revoke = await u.t.call('DELETE', `/ai-workers/${platform.id}`, who);
    expect(revoke).toMatchObject({ status: 403, body: { message: AI_WORKER_PLATFORM } });
    const own = list.body.find((w: { platform: boolean }) => !w.platform);
    expect(own).toMatchObject({ can_revoke: true });
    await u.t.db
      .updateTable('ai_workers')
      .set({ revoked_at: new Date() })
      .where('id', '=', platform.id)
      .execute();
    await drain();
  });

  it('puts a job back when its worker goes silent past the lease, and fails it when the attempts are spent', async () => {
    await drain();
    const a = await registered('lapse-a');
    const b = await registered('lapse-b');
    const job = await newJob({ maxAttempts: 2 });
    expect((await lease(a.token))?.id).toBe(job.id);
    const lapse = () =>
      u.t.db
        .updateTable('ai_jobs')
        .set({ lease_expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', job.id)
        .execute();
    await lapse();
    const again = await lease(b.token);
    expect(again).toMatchObject({ id: job.id, attempt: 2 });
    // The silent worker is told to stop, and its result is refused.
    expect(
      (await as(a.token, 'POST', `/ai-worker/jobs/${job.id}/progress`, { body: { progress: 0.9 } })).body,
    ).toEqual({ stop: true });
    expect((await as(a.token, 'POST', '/ai-worker/heartbeat', { body: { running: [job.id] } })).body).toEqual(
      { stop: [job.id] },
    );
    expect(
      (await as(a.token, 'PUT', `/ai-worker/jobs/${job.id}/result`, { bytes: new Uint8Array([1]) })).status,
    ).toBe(409);
    await lapse();
    expect(await lease(a.token)).toBeNull();
    const ended = await u.t.db
      .selectFrom('ai_jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(ended).toMatchObject({
      state: 'failed',
      attempts: 2,
      error: 'Its workers stopped answering 2 times.',
    });
    expect(ended.log_tail).toMatch(/Lease lapsed/);
  });

  it('renews a lease on heartbeat and progress, keeps a log tail, and fails a job on the worker’s word', async () => {
    await drain();
    const a = await registered('progress-a');
    const job = await newJob();
    await lease(a.token);
    const before = await u.t.db
      .selectFrom('ai_jobs')
      .select('lease_expires_at')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    await new Promise((r) => setTimeout(r, 20));
    expect((await as(a.token, 'POST', '/ai-worker/heartbeat', { body: { running: [job.id] } })).body).toEqual(
      { stop: [] },
    );
    const progress = await as(a.token, 'POST', `/ai-worker/jobs/${job.id}/progress`, {
      body: { progress: 0.4, log: 'patch 4 of 10' },
    });
    expect(progress.body).toEqual({ stop: false });
    const after = await u.t.db
      .selectFrom('ai_jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(after.lease_expires_at?.getTime()).toBeGreaterThan(before.lease_expires_at?.getTime() ?? 0);
    expect(after).toMatchObject({ progress: expect.closeTo(0.4, 5), log_tail: 'patch 4 of 10' });
    const failed = await as(a.token, 'POST', `/ai-worker/jobs/${job.id}/fail`, {
      body: { message: 'CUDA out of memory', log: 'traceback…' },
    });
    expect(failed.status).toBe(204);
    const list = await u.t.call('GET', '/ai-workers', who);
    const shown = list.body.find((w: { id: number }) => w.id === a.id).jobs[0];
    expect(shown).toMatchObject({ id: job.id, state: 'failed', error: 'CUDA out of memory', attempts: 1 });
    expect(shown.log_tail).toBe('patch 4 of 10\ntraceback…');
    expect(shown.trace_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the input volume and turns the returned label map into a segmentation, notifying the author', async () => {
    await drain();
    const a = await registered('result-a');
    const job = await newJob();
    expect((await lease(a.token))?.id).toBe(job.id);
    const input = await as(a.token, 'GET', `/ai-worker/jobs/${job.id}/input/0`);
    expect(input.status).toBe(200);
    const labelMap = await readFile(path.join(TOTALSEGMENTATOR, 'example_seg_dicom.nii.gz'));
    // A value the job's segments lack is refused, and the job stays the worker's.
    const foreign = readNifti(labelMap);
    const tampered = Buffer.from(foreign.file);
    const bits = foreign.header.numBitsPerVoxel;
    if (bits === 8) tampered[foreign.header.vox_offset] = 250;
    else tampered.writeInt16LE(9999, foreign.header.vox_offset);
    const refused = await as(a.token, 'PUT', `/ai-worker/jobs/${job.id}/result`, { bytes: tampered });
    expect(refused.status).toBe(422);
    const done = await as(a.token, 'PUT', `/ai-worker/jobs/${job.id}/result`, { bytes: labelMap });
    expect(done.status).toBe(200);
    const segmentationId = done.body.segmentation_id as number;
    const made = (await u.t.call('GET', `/segmentations/${segmentationId}`, who)).body;
    expect(made.segments).toHaveLength(31);
    expect(made.segments[0]).toMatchObject({ value: 1, title: segments[0]?.title });
    // Each class's colour from the catalogue, none twice (decision 0098).
    const catalogue = new Map(
      (await u.t.call('GET', '/structures/totalsegmentator-total', who)).body.classes.map(
        (c: { value: number; color: string }) => [c.value, c.color],
      ),
    );
    const colours = made.segments.map((s: { color: string }) => s.color);
    expect(colours).toEqual(made.segments.map((s: { value: number }) => catalogue.get(s.value)));
    expect(new Set(colours).size).toBe(31);
    expect(made.structure.slug).toBe('totalsegmentator-total');
    expect(made.user_name).toBe('Test User');
    const row = await u.t.db
      .selectFrom('ai_jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'done', progress: 1, segmentation_id: segmentationId });
    const told = await u.t.call('GET', '/notification', who);
    expect(told.body.notifications.data[0]).toMatchObject({
      type_code: 'aiinfer.done',
      model1_id: seriesId,
      model2_id: job.id,
      url: `/annotator/case/${ct.uuid}?task_id=${segmentationId}&aiinfer=true`,
    });
    // Done: the worker holds it no more.
    expect((await as(a.token, 'PUT', `/ai-worker/jobs/${job.id}/result`, { bytes: labelMap })).status).toBe(
      409,
    );
  }, 180_000);
});
