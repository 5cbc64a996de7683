import {
  INFERENCE_ENDED,
  INFERENCE_NO_SERIES,
  INFERENCE_NO_WORKER,
  INFERENCE_NOT_CREATED,
  INFERENCE_WORKERS_BUSY,
} from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRole,
  buildMember,
  buildTeam,
  buildUser,
  type TestTeam,
  type TestUser,
} from '../../../test/factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Inference over studies and series made in the database (converted, without files: nothing here reads a
 * volume), with workers that speak the real protocol.
 */
let t: TestApp;
let owner: TestUser;
let team: TestTeam;
let other: { owner: TestUser; team: TestTeam };
let ct: { study: { id: number; uuid: string }; series: { id: number; uuid: string } };
let models: Record<string, number>;
let privateModelB: number;

const who = () => ({ token: owner.token, team: team.slug });
const api = (method: string, path: string, body?: unknown) => t.call(method, path, { ...who(), body });

async function ctStudy(tm: TestTeam = team, user: TestUser = owner, name = 'CT case') {
  const study = await buildStudy(t, tm, { user, patientName: name });
  const series = await buildSeries(t, tm, study, { sort: 1 });
  return { study, series };
}

/** Creates an inference over the case and answers the create answer. */
async function created(caseId: string, code = 'total', taskId?: string) {
  const res = await api('POST', '/ai2/infer/create', { caseId, modelId: models[code], taskId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { inferenceId: number; caseId: string; modelId: number; taskId: string };
}

const start = (answer: { caseId: string; inferenceId: number }, extra: Record<string, unknown> = {}) =>
  t.call('POST', `/ai2/infer/start/${answer.caseId}/${answer.inferenceId}`, {
    ...who(),
    prefix: '/svc',
    body: { ...answer, ...extra },
  });

async function started(caseId: string, code = 'total') {
  const answer = await created(caseId, code);
  const res = await start(answer);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return answer.inferenceId;
}

/** A registered worker of the team serving `codes`. */
async function worker(codes: string[]) {
  const made = await api('POST', '/ai-workers', { name: `w-${codes.join('-')}` });
  expect(made.status).toBe(201);
  const token = made.body.token as string;
  const reg = await t.call('POST', '/ai-worker/register', {
    token,
    body: { runtimes: ['external'], models: codes, capacity: 4, version: 'test' },
  });
  expect(reg.status).toBe(200);
  return { id: made.body.worker.id as number, token };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t, { name: 'Owner A' });
  team = await buildTeam(t, owner);
  const ownerB = await buildUser(t);
  other = { owner: ownerB, team: await buildTeam(t, ownerB) };
  ct = await ctStudy();
  const rows = await t.db
    .selectFrom('ai_models')
    .select(['id', 'code'])
    .where('team_id', 'is', null)
    .execute();
  models = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  const structure = await t.db
    .selectFrom('structures')
    .select('id')
    .where('slug', '=', 'totalsegmentator-total')
    .executeTakeFirstOrThrow();
  privateModelB = (
    await t.db
      .insertInto('ai_models')
      .values({
        team_id: other.team.id,
        name: 'B only',
        code: 'b-only',
        structure_id: structure.id,
        segments: JSON.stringify([{ title: 'Organ', value: 1 }]),
        runtime: 'external',
        modality: 'CT',
        channels: 1,
        spacing: JSON.stringify([1, 1, 1]),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(async () => t.close());

describe('create and start', () => {
  it('creates an inference over the case’s first converted series that fits, and starts it queued', async () => {
    const answer = await created(ct.study.uuid);
    expect(answer).toEqual({
      inferenceId: expect.any(Number),
      caseId: ct.study.uuid,
      modelId: models.total,
      taskId: ct.series.uuid,
    });
    const before = await api('GET', `/ai2/inference/${answer.inferenceId}`);
    expect(before.body).toMatchObject({ state: 'created', reason: null, automatic: false, batch_id: null });
    const res = await start(answer, { n: 2, mp: { fast: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: answer.inferenceId,
      state: 'queued',
      reason: INFERENCE_NO_WORKER('total'),
      model: { id: models.total, code: 'total', name: expect.any(String) },
      study: { uuid: ct.study.uuid, name: 'CT case', code: expect.any(String) },
      series: { uuid: ct.series.uuid, modality: 'CT' },
      created_by_user_name: 'Owner A',
    });
    const detail = await api('GET', `/ai2/inference/${answer.inferenceId}`);
    expect(detail.body).toMatchObject({
      parameters: { n: 2, mp: { fast: true } },
      max_attempts: 3,
      log_tail: '',
    });
    expect(detail.body.trace_id).toMatch(/^[0-9a-f-]{36}$/);
    // The segments the result becomes are the model's.
    const job = await t.db
      .selectFrom('ai_jobs')
      .select(['segments', 'structure_id'])
      .where('id', '=', answer.inferenceId)
      .executeTakeFirstOrThrow();
    const model = await t.db
      .selectFrom('ai_models')
      .select(['segments', 'structure_id'])
      .where('id', '=', models.total ?? 0)
      .executeTakeFirstOrThrow();
    expect(job).toEqual(model);
  });

  it('takes the series asked for, else the reference series; 422 when none fits the model', async () => {
    const study = await buildStudy(t, team, { user: owner });
    const first = await buildSeries(t, team, study, { sort: 0 });
    const ref = await buildSeries(t, team, study, { sort: 5, refSerie: true });
    expect((await created(study.uuid)).taskId).toBe(ref.uuid);
    expect((await created(study.uuid, 'total', first.uuid)).taskId).toBe(first.uuid);
    const mr = await api('POST', '/ai2/infer/create', { caseId: study.uuid, modelId: models['total-mr'] });
    expect(mr.status).toBe(422);
    expect(mr.body.message).toBe(INFERENCE_NO_SERIES);
    const converting = await buildSeries(t, team, study, { status: 'generatingNii' });
    const notYet = await api('POST', '/ai2/infer/create', {
      caseId: study.uuid,
      modelId: models.total,
      taskId: converting.uuid,
    });
    expect(notYet.status).toBe(422);
  });

  it('answers 404 for another team’s study, series or private model', async () => {
    const foreign = await ctStudy(other.team, other.owner);
    const study = await api('POST', '/ai2/infer/create', {
      caseId: foreign.study.uuid,
      modelId: models.total,
    });
    expect(study.status).toBe(404);
    const series = await api('POST', '/ai2/infer/create', {
      caseId: ct.study.uuid,
      modelId: models.total,
      taskId: foreign.series.uuid,
    });
    expect(series.status).toBe(404);
    const model = await api('POST', '/ai2/infer/create', { caseId: ct.study.uuid, modelId: privateModelB });
    expect(model.status).toBe(404);
  });

  it('starts once (409 after), with the case in the path, for the team only (404)', async () => {
    const answer = await created(ct.study.uuid);
    const foreign = await t.call('POST', `/ai2/infer/start/${answer.caseId}/${answer.inferenceId}`, {
      token: other.owner.token,
      team: other.team.slug,
      prefix: '/svc',
      body: answer,
    });
    expect(foreign.status).toBe(404);
    const otherCase = await ctStudy();
    const wrongCase = await t.call('POST', `/ai2/infer/start/${otherCase.study.uuid}/${answer.inferenceId}`, {
      ...who(),
      prefix: '/svc',
      body: { ...answer, caseId: otherCase.study.uuid },
    });
    expect(wrongCase.status).toBe(404);
    expect((await start(answer, { modelId: models.total6mm })).status).toBe(422);
    expect((await start(answer)).status).toBe(200);
    const again = await start(answer);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INFERENCE_NOT_CREATED);
  });

  it('starts with the team’s defaults for the model when the start gives none', async () => {
    const put = await api('PUT', `/ai2/model-configuration/${models.total6mm}`, {
      n: 3,
      mp: { tta: true },
      automatic: true,
    });
    expect(put.status).toBe(200);
    const id = await started(ct.study.uuid, 'total6mm');
    const detail = await api('GET', `/ai2/inference/${id}`);
    expect(detail.body.parameters).toEqual({ n: 3, mp: { tta: true } });
  });

  it('refuses a member without the permissions (403)', async () => {
    await buildRole(t, team, 'No AI');
    const member = await buildMember(t, team, 'No AI');
    const res = await t.call('POST', '/ai2/infer/create', {
      token: member.token,
      team: team.slug,
      body: { caseId: ct.study.uuid, modelId: models.total },
    });
    expect(res.status).toBe(403);
    const cfg = await t.call('GET', '/ai2/model-configuration', { token: member.token, team: team.slug });
    expect(cfg.status).toBe(403);
  });
});

describe('workers and reasons', () => {
  it('a created inference is not leased; a started one is, and waits for a free worker meanwhile', async () => {
    const code = 'total-mr6mm';
    const study = await buildStudy(t, team, { user: owner });
    await t.db
      .insertInto('series')
      .values({
        study_id: study.id,
        team_id: team.id,
        series_uid: `2.25.${Date.now()}`,
        modality_code: 'MR',
        status: 'done',
        data: '{}',
      })
      .execute();
    const answer = await created(study.uuid, code);
    const w = await worker([code]);
    const none = await t.call('POST', '/ai-worker/lease', { token: w.token });
    expect(none.body.job).toBeNull();
    const res = await start(answer);
    expect(res.body.reason).toBe(INFERENCE_WORKERS_BUSY);
    const lease = await t.call('POST', '/ai-worker/lease', { token: w.token });
    expect(lease.body.job).toMatchObject({ id: answer.inferenceId, model: { code } });
    const detail = await api('GET', `/ai2/inference/${answer.inferenceId}`);
    expect(detail.body).toMatchObject({
      state: 'running',
      reason: null,
      attempts: 1,
      worker_name: `w-${code}`,
    });
  });

  it('cancels a running inference: its worker is told to stop and its result is refused', async () => {
    const code = 'total';
    const id = await started(ct.study.uuid, code);
    const w = await worker([code]);
    let leased: number | undefined;
    // Older queued ones of this code are leased first: take jobs until this one comes.
    for (let i = 0; i < 20 && leased !== id; i++) {
      const res = await t.call('POST', '/ai-worker/lease', { token: w.token });
      leased = res.body.job?.id;
      if (leased !== id && leased !== undefined) await api('PUT', `/ai2/inference/${leased}/cancel`);
    }
    expect(leased).toBe(id);
    const cancel = await api('PUT', `/ai2/inference/${id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({
      id,
      state: 'cancelled',
      reason: null,
      finished_at: expect.any(String),
    });
    const beat = await t.call('POST', '/ai-worker/heartbeat', { token: w.token, body: { running: [id] } });
    expect(beat.body).toEqual({ stop: [id] });
    const progress = await t.call('POST', `/ai-worker/jobs/${id}/progress`, {
      token: w.token,
      body: { progress: 0.5 },
    });
    expect(progress.body).toEqual({ stop: true });
    const result = await t.call('PUT', `/ai-worker/jobs/${id}/result`, {
      token: w.token,
      bytes: new Uint8Array(400),
    });
    expect(result.status).toBe(409);
    const again = await api('PUT', `/ai2/inference/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INFERENCE_ENDED);
  });

  it('cancels only the team’s inferences (404)', async () => {
    const id = await started(ct.study.uuid);
    const res = await t.call('PUT', `/ai2/inference/${id}/cancel`, {
      token: other.owner.token,
      team: other.team.slug,
    });
    expect(res.status).toBe(404);
    const detail = await t.call('GET', `/ai2/inference/${id}`, {
      token: other.owner.token,
      team: other.team.slug,
    });
    expect(detail.status).toBe(404);
    expect((await api('PUT', '/ai2/inference/999999999/cancel')).status).toBe(404);
  });
});

describe('list', () => {
  it('lists the team’s inferences newest first, 20 a page, by case, state and model', async () => {
    const tm = await buildTeam(t, owner);
    const as = (path: string) => t.call('GET', path, { token: owner.token, team: tm.slug });
    const one = await ctStudy(tm, owner, 'One');
    const two = await ctStudy(tm, owner, 'Two');
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.call('POST', '/ai2/infer/create', {
        token: owner.token,
        team: tm.slug,
        body: { caseId: (i < 20 ? one : two).study.uuid, modelId: i % 2 ? models.total : models.total6mm },
      });
      ids.push(res.body.inferenceId);
    }
    const first = await as('/ai2/inferences');
    expect(first.body.total).toBe(21);
    expect(first.body.data.map((d: { id: number }) => d.id)).toEqual(ids.slice(1).reverse());
    const second = await as('/ai2/inferences?page=2');
    expect(second.body.data.map((d: { id: number }) => d.id)).toEqual([ids[0]]);
    const byCase = await as(`/ai2/inferences?study=${two.study.uuid}`);
    expect(byCase.body).toMatchObject({ total: 1, data: [{ id: ids[20], study: { name: 'Two' } }] });
    const byModel = await as('/ai2/inferences?model=total');
    expect(byModel.body.total).toBe(10);
    expect(byModel.body.data.every((d: { model: { code: string } }) => d.model.code === 'total')).toBe(true);
    await t.call('PUT', `/ai2/inference/${ids[3]}/cancel`, { token: owner.token, team: tm.slug });
    const byState = await as('/ai2/inferences?state=cancelled');
    expect(byState.body).toMatchObject({ total: 1, data: [{ id: ids[3], state: 'cancelled' }] });
    // Another team's list holds none of them.
    const foreign = await t.call('GET', '/ai2/inferences', {
      token: other.owner.token,
      team: other.team.slug,
    });
    expect(foreign.body.total).toBe(0);
  });
});

describe('batches', () => {
  it('runs a model over the studies given: one started inference per study, the others skipped', async () => {
    const a = await ctStudy(team, owner, 'Batch A');
    const b = await ctStudy(team, owner, 'Batch B');
    const empty = await buildStudy(t, team, { user: owner, patientName: 'No series' });
    const res = await api('POST', '/ai2/infer/batch', {
      modelId: models.total,
      studies: [a.study.uuid, b.study.uuid, empty.uuid],
      mp: { fast: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      model: { id: models.total, code: 'total' },
      label_name: null,
      created_by_user_name: 'Owner A',
      total: 2,
      counts: { queued: 2, running: 0, done: 0, created: 0 },
      skipped: [{ uuid: empty.uuid, name: 'No series', reason: INFERENCE_NO_SERIES }],
    });
    const detail = await api('GET', `/ai2/infer/batch/${res.body.id}`);
    expect(detail.body.inferences.map((i: { study: { uuid: string } }) => i.study.uuid)).toEqual([
      a.study.uuid,
      b.study.uuid,
    ]);
    expect(detail.body.inferences[0]).toMatchObject({ state: 'queued', batch_id: res.body.id });
    // Each inference is an AI run on its study in the audit trail (decision 0065).
    const runs = await t.db
      .selectFrom('audit_logs')
      .select(['subject_id', 'study_id', 'data'])
      .where('action', '=', 'ai-run')
      .where('team_id', '=', team.id)
      .execute();
    const ofBatch = runs.filter((r) => r.data.batch === res.body.id).map((r) => r.study_id);
    expect(ofBatch).toHaveLength(2);
    expect(new Set(ofBatch)).toEqual(new Set([a.study.id, b.study.id]));
    const job = await t.db
      .selectFrom('ai_jobs')
      .select('parameters')
      .where('id', '=', detail.body.inferences[0].id)
      .executeTakeFirstOrThrow();
    expect(job.parameters).toEqual({ mp: { fast: 1 } });
    const list = await api('GET', '/ai2/infer/batches');
    expect(list.body[0]).toMatchObject({ id: res.body.id, total: 2 });
    await api('PUT', `/ai2/inference/${detail.body.inferences[0].id}/cancel`);
    const after = await api('GET', `/ai2/infer/batch/${res.body.id}`);
    expect(after.body.counts).toMatchObject({ queued: 1, cancelled: 1 });
  });

  it('runs a model over every study of a label', async () => {
    const [label] = await t.db
      .insertInto('labels')
      .values({ team_id: team.id, name: 'Liver cases' })
      .returning('id')
      .execute();
    const labelId = label?.id ?? 0;
    const tagged = [await ctStudy(team, owner, 'L1'), await ctStudy(team, owner, 'L2')];
    const mrOnly = await buildStudy(t, team, { user: owner, patientName: 'L3' });
    for (const s of [...tagged.map((x) => x.study), mrOnly])
      await t.db
        .insertInto('study_labels')
        .values({ study_id: s.id, label_id: labelId, team_id: team.id })
        .execute();
    const res = await api('POST', '/ai2/infer/batch', { modelId: models.total6mm, labelId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      label_name: 'Liver cases',
      total: 2,
      skipped: [{ uuid: mrOnly.uuid, name: 'L3' }],
    });
    const detail = await api('GET', `/ai2/infer/batch/${res.body.id}`);
    expect(new Set(detail.body.inferences.map((i: { study: { uuid: string } }) => i.study.uuid))).toEqual(
      new Set(tagged.map((x) => x.study.uuid)),
    );
  });

  it('answers 404 for another team’s studies, label, model or batch; 422 for both or neither', async () => {
    const foreign = await ctStudy(other.team, other.owner);
    const studies = await api('POST', '/ai2/infer/batch', {
      modelId: models.total,
      studies: [ct.study.uuid, foreign.study.uuid],
    });
    expect(studies.status).toBe(404);
    const [labelB] = await t.db
      .insertInto('labels')
      .values({ team_id: other.team.id, name: 'B' })
      .returning('id')
      .execute();
    expect(
      (await api('POST', '/ai2/infer/batch', { modelId: models.total, labelId: labelB?.id })).status,
    ).toBe(404);
    const model = await api('POST', '/ai2/infer/batch', { modelId: privateModelB, studies: [ct.study.uuid] });
    expect(model.status).toBe(404);
    expect((await api('POST', '/ai2/infer/batch', { modelId: models.total })).status).toBe(422);
    const mine = await api('POST', '/ai2/infer/batch', { modelId: models.total, studies: [ct.study.uuid] });
    const seen = await t.call('GET', `/ai2/infer/batch/${mine.body.id}`, {
      token: other.owner.token,
      team: other.team.slug,
    });
    expect(seen.status).toBe(404);
    const theirs = await t.call('GET', '/ai2/infer/batches', {
      token: other.owner.token,
      team: other.team.slug,
    });
    expect(theirs.body).toEqual([]);
  });
});

describe('model configuration', () => {
  it('lists the models the team sees with the workers serving them, defaults and automatic', async () => {
    const tm = await buildTeam(t, owner);
    const as = (method: string, path: string, body?: unknown) =>
      t.call(method, path, { token: owner.token, team: tm.slug, body });
    const made = await as('POST', '/ai-workers', { name: 'gpu' });
    await t.call('POST', '/ai-worker/register', {
      token: made.body.token,
      body: { runtimes: ['external'], models: ['total', 'total-mr'], capacity: 1 },
    });
    const res = await as('GET', '/ai2/model-configuration');
    expect(res.status).toBe(200);
    const byCode = new Map(res.body.map((c: { model: { code: string } }) => [c.model.code, c]));
    expect(byCode.get('total')).toMatchObject({
      model: { id: models.total, runtime: 'external', has_file: false },
      workers: [{ id: made.body.worker.id, name: 'gpu', status: 'online', platform: false }],
      defaults: { n: null, mp: {} },
      automatic: true,
    });
    expect(byCode.get('total6mm')).toMatchObject({ workers: [], automatic: true });
    expect(byCode.has('b-only')).toBe(false);
    const put = await as('PUT', `/ai2/model-configuration/${models.total}`, {
      n: 2,
      mp: { fold: 0 },
      automatic: false,
    });
    expect(put.body).toMatchObject({ defaults: { n: 2, mp: { fold: 0 } }, automatic: false });
    const again = await as('GET', '/ai2/model-configuration');
    expect(again.body.find((c: { model: { id: number } }) => c.model.id === models.total)).toMatchObject({
      automatic: false,
      defaults: { n: 2 },
    });
    // The first team's settings are its own.
    const first = await api('GET', '/ai2/model-configuration');
    expect(first.body.find((c: { model: { id: number } }) => c.model.id === models.total).automatic).toBe(
      true,
    );
    expect(
      (await as('PUT', `/ai2/model-configuration/${privateModelB}`, { n: null, mp: {}, automatic: true }))
        .status,
    ).toBe(404);
  });
});
