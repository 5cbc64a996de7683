import { INFERENCE_WORKERS_BUSY, type NeedsWorker } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildRole,
  buildTeam,
  buildUser,
  type TestTeam,
  type TestUser,
} from '../../../test/factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAutomaticInferences } from './auto';

/**
 * Automatic inference only where a worker serves the model (issue 39 item 2, decision 0094), over series
 * made converted in the database (nothing here reads a volume), with workers that speak the real protocol.
 */
let t: TestApp;
let owner: TestUser;
let team: TestTeam;
let other: { owner: TestUser; team: TestTeam };
let models: Record<string, number>;
type Case = { study: { id: number; uuid: string }; series: { id: number; uuid: string } };

const as = (user: TestUser, tm: TestTeam) => (method: string, path: string, body?: unknown) =>
  t.call(method, path, { token: user.token, team: tm.slug, body });
const api = (method: string, path: string, body?: unknown) => as(owner, team)(method, path, body);

async function ctCase(tm: TestTeam = team, user: TestUser = owner, name = 'CT case'): Promise<Case> {
  const study = await buildStudy(t, tm, { user, patientName: name });
  const series = await buildSeries(t, tm, study, { sort: 1, data: { seriesDescription: name } });
  return { study, series };
}

const jobsOf = (seriesId: number) =>
  t.db
    .selectFrom('ai_jobs')
    .select(['model_code', 'state', 'automatic'])
    .where('series_id', '=', seriesId)
    .orderBy('model_code')
    .execute();

async function needs(call = api, query = ''): Promise<NeedsWorker> {
  const res = await call('GET', `/ai2/needs-worker${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const seriesModels = (n: NeedsWorker) => Object.fromEntries(n.series.map((s) => [s.uuid, s.models]));

/** A started (queued) inference of the model over the case, by `user` of `tm`. */
async function queued(c: Case, code: string, user: TestUser = owner, tm: TestTeam = team) {
  const made = await as(user, tm)('POST', '/ai2/infer/create', {
    caseId: c.study.uuid,
    modelId: models[code],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const res = await t.call('POST', `/ai2/infer/start/${c.study.uuid}/${made.body.inferenceId}`, {
    token: user.token,
    team: tm.slug,
    prefix: '/svc',
    body: made.body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return made.body.inferenceId as number;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t, { name: 'Owner A' });
  team = await buildTeam(t, owner);
  const ownerB = await buildUser(t);
  other = { owner: ownerB, team: await buildTeam(t, ownerB) };
  const rows = await t.db
    .selectFrom('ai_models')
    .select(['id', 'code'])
    .where('team_id', 'is', null)
    .execute();
  models = Object.fromEntries(rows.map((r) => [r.code, r.id]));
});
afterAll(async () => t.close());

describe('automatic inference needs a worker', () => {
  let first: Case;
  let second: Case;

  it('says plainly on the built-in TotalSegmentator entries that they need a worker with the weights', async () => {
    const res = await api('GET', `/ai2/model/${models.total6mm}`);
    expect(res.status).toBe(200);
    expect(res.body.description).toContain('Needs a worker with TotalSegmentator’s weights');
  });

  it('creates no automatic inference for a model no worker serves: the series and models need a worker', async () => {
    first = await ctCase();
    expect(await createAutomaticInferences(t.app.deps, first.series.id)).toBe(0);
    expect(await jobsOf(first.series.id)).toEqual([]);
    const n = await needs();
    expect(n.models.map((m) => [m.code, m.automatic, m.waiting])).toEqual([
      ['total', true, 0],
      ['total6mm', true, 0],
      ['total-mr', true, 0],
      ['total-mr6mm', true, 0],
    ]);
    expect(n.series).toEqual([
      {
        uuid: first.series.uuid,
        name: 'CT case',
        modality: 'CT',
        study: { uuid: first.study.uuid, name: 'CT case' },
        models: ['total', 'total6mm'],
        since: expect.any(String),
      },
    ]);
    // Once more (a conversion run again): still one record per series and model.
    expect(await createAutomaticInferences(t.app.deps, first.series.id)).toBe(0);
    expect(seriesModels(await needs())).toEqual({ [first.series.uuid]: ['total', 'total6mm'] });
  });

  it('runs only the codes an online worker serves at that moment; an offline worker serves none', async () => {
    const made = await api('POST', '/ai-workers', { name: 'gpu' });
    expect(made.status).toBe(201);
    const register = await t.call('POST', '/ai-worker/register', {
      token: made.body.token,
      body: { runtimes: ['external'], models: ['total'], capacity: 1, version: 'test' },
    });
    expect(register.status).toBe(200);
    second = await ctCase(team, owner, 'Second CT');
    expect(await createAutomaticInferences(t.app.deps, second.series.id)).toBe(1);
    expect(await jobsOf(second.series.id)).toEqual([
      { model_code: 'total', state: 'queued', automatic: true },
    ]);
    const listed = await api('GET', `/ai2/inferences?study=${second.study.uuid}`);
    expect(listed.body.data[0].reason).toBe(INFERENCE_WORKERS_BUSY);
    const n = await needs();
    expect(n.models.map((m) => m.code)).toEqual(['total6mm', 'total-mr', 'total-mr6mm']);
    // total is served now: the first series no longer shows it; the second never needed it.
    expect(seriesModels(n)).toEqual({
      [second.series.uuid]: ['total6mm'],
      [first.series.uuid]: ['total6mm'],
    });
    expect(seriesModels(await needs(api, `?study=${second.study.uuid}`))).toEqual({
      [second.series.uuid]: ['total6mm'],
    });

    await t.db
      .updateTable('ai_workers')
      .set({ last_seen_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', made.body.worker.id)
      .execute();
    const third = await ctCase(team, owner, 'Third CT');
    expect(await createAutomaticInferences(t.app.deps, third.series.id)).toBe(0);
    expect(seriesModels(await needs(api, `?study=${third.study.uuid}`))).toEqual({
      [third.series.uuid]: ['total', 'total6mm'],
    });
    await t.db
      .updateTable('ai_workers')
      .set({ last_seen_at: new Date() })
      .where('id', '=', made.body.worker.id)
      .execute();
  });

  it('the team’s switch per model: a model turned off is neither run nor needing a worker', async () => {
    const off = await api('PUT', `/ai2/model-configuration/${models.total6mm}`, {
      n: null,
      mp: {},
      automatic: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.automatic).toBe(false);
    const fourth = await ctCase(team, owner, 'Fourth CT');
    expect(await createAutomaticInferences(t.app.deps, fourth.series.id)).toBe(1);
    expect(await jobsOf(fourth.series.id)).toEqual([
      { model_code: 'total', state: 'queued', automatic: true },
    ]);
    const n = await needs();
    expect(n.models.map((m) => m.code)).not.toContain('total6mm');
    expect(n.series.map((s) => s.uuid)).not.toContain(fourth.series.uuid);
    const on = await api('PUT', `/ai2/model-configuration/${models.total6mm}`, {
      n: null,
      mp: {},
      automatic: true,
    });
    expect(on.body.automatic).toBe(true);
  });

  it('another team sees none of it, not even by naming the study', async () => {
    const b = as(other.owner, other.team);
    expect((await needs(b)).series).toEqual([]);
    expect((await needs(b, `?study=${first.study.uuid}`)).series).toEqual([]);
  });

  it('cancels the waiting inferences in bulk, one model’s or all, of the team only', async () => {
    await queued(first, 'total6mm');
    await queued(second, 'total6mm');
    const theirCase = await ctCase(other.team, other.owner, 'B case');
    const theirs = await queued(theirCase, 'total6mm', other.owner, other.team);
    expect((await needs()).models.find((m) => m.code === 'total6mm')?.waiting).toBe(2);
    const one = await api('PUT', '/ai2/inferences/cancel-waiting', { model: 'total6mm' });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body).toEqual({ cancelled: 2 });
    expect((await needs()).models.find((m) => m.code === 'total6mm')?.waiting).toBe(0);
    const queuedNow = await api('GET', '/ai2/inferences?state=queued');
    expect(queuedNow.body.data.map((i: { model: { code: string } }) => i.model.code)).toEqual([
      'total',
      'total',
    ]);

    const all = await api('PUT', '/ai2/inferences/cancel-waiting', {});
    expect(all.body).toEqual({ cancelled: 2 });
    expect((await api('GET', '/ai2/inferences?state=queued')).body.total).toBe(0);
    expect((await api('PUT', '/ai2/inferences/cancel-waiting', {})).body).toEqual({ cancelled: 0 });
    const mine = await as(other.owner, other.team)('GET', `/ai2/inference/${theirs}`);
    expect(mine.body.state).toBe('queued');
    // Another team's inference by id stays out of reach.
    expect((await api('GET', `/ai2/inference/${theirs}`)).status).toBe(404);
  });

  it('refuses bad input (422) and a member without the permissions (403)', async () => {
    expect((await api('PUT', '/ai2/inferences/cancel-waiting', { model: '' })).status).toBe(422);
    expect((await api('PUT', '/ai2/inferences/cancel-waiting', { model: 'total', all: true })).status).toBe(
      422,
    );
    expect((await api('GET', '/ai2/needs-worker?study=not-a-uuid')).status).toBe(422);
    await buildRole(t, team, 'Viewer only', ['r:studies:detail']);
    const viewer = await buildMember(t, team, 'Viewer only');
    const asViewer = as(viewer, team);
    expect((await asViewer('GET', '/ai2/needs-worker')).status).toBe(200);
    expect((await asViewer('PUT', '/ai2/inferences/cancel-waiting', {})).status).toBe(403);
    await buildRole(t, team, 'Nothing');
    const nobody = as(await buildMember(t, team, 'Nothing'), team);
    expect((await nobody('GET', '/ai2/needs-worker')).status).toBe(403);
  });
});
