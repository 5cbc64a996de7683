import { XR_HEARTBEAT_SECONDS, XR_WORKER_BUSY, XR_WORKER_TOKEN_PREFIX } from '@voxa/contracts';
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
import { syntheticNifti } from '../../../test/synthetic-nifti';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashToken } from '../../platform/secrets';
import { seriesKey } from '../../platform/storage/layout';

/** XR workers and sessions on a real server: the admin pages' calls, then a headset's calls with its token. */
let t: TestApp;
let owner: TestUser;
let team: TestTeam;
let other: TestTeam;
let as: { token: string; team: string };
let series: { uuid: string };
let volume: Uint8Array;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
  other = await buildTeam(t, await buildUser(t));
  as = { token: owner.token, team: team.slug };
  const study = await buildStudy(t, team);
  const row = await buildSeries(t, team, study, {
    data: { nifti: ['ct.nii'], seriesDescription: 'Thorax' },
  });
  volume = syntheticNifti(8, 8, 4);
  await t.app.deps.storage.writeAtomic(
    [...seriesKey(team.id, study.uuid, row.uuid), 'nifti', 'ct.nii'],
    volume,
  );
  series = row;
}, 120_000);
afterAll(async () => t.close());

async function newWorker(name = 'Quest 3 in room 2') {
  const res = await t.call('POST', '/xr-workers', { ...as, body: { name } });
  expect(res.status).toBe(201);
  return { id: res.body.worker.id as number, token: res.body.token as string };
}
const device = (token: string, method: string, apiPath: string, body?: unknown) =>
  t.call(method, apiPath, { token, body });

describe('XR workers', () => {
  it('adds a worker whose token is shown once and kept as a hash; it is new until it registers', async () => {
    const worker = await newWorker('Headset A');
    expect(worker.token.startsWith(XR_WORKER_TOKEN_PREFIX)).toBe(true);
    const row = await t.db
      .selectFrom('xr_workers')
      .select('token_hash')
      .where('id', '=', worker.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(worker.token));
    const list = await t.call('GET', '/xr-workers', as);
    expect(list.body.find((w: { id: number }) => w.id === worker.id)).toMatchObject({
      name: 'Headset A',
      status: 'new',
      device: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(worker.token);
  });

  it('registers and heartbeats with its token, and is then online with what it said it is', async () => {
    const worker = await newWorker('Headset B');
    const reg = await device(worker.token, 'POST', '/xr-worker/register', {
      device: 'Meta Quest 3',
      version: 'voxa-xr 0.3',
    });
    expect(reg.status).toBe(200);
    expect(reg.body).toEqual({ xr_worker_id: worker.id, heartbeat_seconds: XR_HEARTBEAT_SECONDS });
    const beat = await device(worker.token, 'POST', '/xr-worker/heartbeat', { showing: null });
    expect(beat.status).toBe(200);
    expect(beat.body).toEqual({ session: null });
    const list = await t.call('GET', '/xr-workers', as);
    expect(list.body.find((w: { id: number }) => w.id === worker.id)).toMatchObject({
      status: 'online',
      device: 'Meta Quest 3',
      version: 'voxa-xr 0.3',
    });
  });

  it('refuses the protocol without a token, with a user’s token, with an AI worker’s or a revoked one', async () => {
    expect((await t.call('POST', '/xr-worker/heartbeat', { body: { showing: null } })).status).toBe(401);
    expect((await device(owner.token, 'POST', '/xr-worker/heartbeat', { showing: null })).status).toBe(401);
    const ai = await t.call('POST', '/ai-workers', { ...as, body: { name: 'gpu' } });
    expect((await device(ai.body.token, 'POST', '/xr-worker/heartbeat', { showing: null })).status).toBe(401);
    const worker = await newWorker('Revoked');
    // Nor does an XR token open the AI worker protocol.
    expect((await device(worker.token, 'POST', '/ai-worker/lease')).status).toBe(401);
    expect((await t.call('DELETE', `/xr-workers/${worker.id}`, as)).status).toBe(204);
    expect((await device(worker.token, 'POST', '/xr-worker/heartbeat', { showing: null })).status).toBe(401);
    expect((await t.call('GET', '/xr-workers', as)).body.map((w: { id: number }) => w.id)).not.toContain(
      worker.id,
    );
    expect((await t.call('DELETE', `/xr-workers/${worker.id}`, as)).status).toBe(404);
  });

  it('answers 422 to invalid input and 400 to malformed JSON, never 500', async () => {
    expect((await t.call('POST', '/xr-workers', { ...as, body: { name: '' } })).status).toBe(422);
    expect((await t.call('POST', '/xr-workers', { ...as, raw: '{"name":' })).status).toBe(400);
    const worker = await newWorker();
    expect(
      (await device(worker.token, 'POST', '/xr-worker/register', { device: 'x', extra: 1 })).status,
    ).toBe(422);
    expect((await device(worker.token, 'POST', '/xr-worker/heartbeat', { showing: 'one' })).status).toBe(422);
    expect((await t.call('POST', '/xr-sessions', { ...as, body: { xr_worker_id: worker.id } })).status).toBe(
      422,
    );
    expect(
      (
        await t.call('POST', '/xr-sessions', {
          ...as,
          body: { xr_worker_id: worker.id, series_uuid: '../x' },
        })
      ).status,
    ).toBe(422);
  });
});

describe('XR sessions', () => {
  it('opens a series on a worker: pending, picked up by its heartbeat, active, its volume read, ended by the worker', async () => {
    const worker = await newWorker('Viewer 1');
    const created = await t.call('POST', '/xr-sessions', {
      ...as,
      body: { xr_worker_id: worker.id, series_uuid: series.uuid },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      state: 'pending',
      worker: { id: worker.id, name: 'Viewer 1' },
      series: { uuid: series.uuid, description: 'Thorax' },
      created_by: 'Test User',
      started_at: null,
    });
    const id = created.body.id as number;
    // One open session per worker.
    const busy = await t.call('POST', '/xr-sessions', {
      ...as,
      body: { xr_worker_id: worker.id, series_uuid: series.uuid },
    });
    expect(busy).toMatchObject({ status: 409, body: { message: XR_WORKER_BUSY } });

    const first = await device(worker.token, 'POST', '/xr-worker/heartbeat', { showing: null });
    expect(first.body.session).toEqual({
      session_id: id,
      state: 'pending',
      series_uuid: series.uuid,
      inputs: [{ volume: 0, name: 'ct.nii' }],
    });
    const bytes = await fetch(`${t.url}/api/xr-worker/sessions/${id}/input/0`, {
      headers: { authorization: `Bearer ${worker.token}` },
    });
    expect(bytes.status).toBe(200);
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(volume);
    expect((await device(worker.token, 'GET', `/xr-worker/sessions/${id}/input/1`)).status).toBe(404);
    const shown = await device(worker.token, 'POST', '/xr-worker/heartbeat', { showing: id });
    expect(shown.body.session).toMatchObject({ session_id: id, state: 'active' });
    const listed = await t.call('GET', '/xr-sessions', as);
    expect(listed.body[0]).toMatchObject({ id, state: 'active' });
    expect(listed.body[0].started_at).not.toBeNull();

    expect((await device(worker.token, 'POST', `/xr-worker/sessions/${id}/end`)).status).toBe(204);
    expect((await device(worker.token, 'POST', '/xr-worker/heartbeat', { showing: id })).body).toEqual({
      session: null,
    });
    // Ended: its volumes are closed to the worker, and the worker is free for another.
    expect((await device(worker.token, 'GET', `/xr-worker/sessions/${id}/input/0`)).status).toBe(404);
    const next = await t.call('POST', '/xr-sessions', {
      ...as,
      body: { xr_worker_id: worker.id, series_uuid: series.uuid },
    });
    expect(next.status).toBe(201);
  });

  it('ends a session from the page; the worker stops being told about it; a revoked worker’s sessions end', async () => {
    const worker = await newWorker('Viewer 2');
    const created = await t.call('POST', '/xr-sessions', {
      ...as,
      body: { xr_worker_id: worker.id, series_uuid: series.uuid },
    });
    const id = created.body.id as number;
    const ended = await t.call('POST', `/xr-sessions/${id}/end`, as);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ id, state: 'ended' });
    expect((await t.call('POST', `/xr-sessions/${id}/end`, as)).body.state).toBe('ended');
    expect(
      (await device(worker.token, 'POST', '/xr-worker/heartbeat', { showing: id })).body.session,
    ).toBeNull();

    const again = await t.call('POST', '/xr-sessions', {
      ...as,
      body: { xr_worker_id: worker.id, series_uuid: series.uuid },
    });
    expect((await t.call('DELETE', `/xr-workers/${worker.id}`, as)).status).toBe(204);
    const list = await t.call('GET', '/xr-sessions', as);
    expect(list.body.find((s: { id: number }) => s.id === again.body.id).state).toBe('ended');
    // A revoked worker takes no new session.
    const refused = await t.call('POST', '/xr-sessions', {
      ...as,
      body: { xr_worker_id: worker.id, series_uuid: series.uuid },
    });
    expect(refused.status).toBe(404);
  });

  it('refuses a series that is not converted yet (409) or not the team’s (404)', async () => {
    const worker = await newWorker('Viewer 3');
    const study = await buildStudy(t, team);
    const pending = await buildSeries(t, team, study, { status: 'converting' });
    const res = await t.call('POST', '/xr-sessions', {
      ...as,
      body: { xr_worker_id: worker.id, series_uuid: pending.uuid },
    });
    expect(res.status).toBe(409);
    const foreignStudy = await buildStudy(t, other);
    const foreign = await buildSeries(t, other, foreignStudy);
    const res2 = await t.call('POST', '/xr-sessions', {
      ...as,
      body: { xr_worker_id: worker.id, series_uuid: foreign.uuid },
    });
    expect(res2.status).toBe(404);
  });

  it('keeps a worker to its own sessions: another worker’s session answers 404', async () => {
    const mine = await newWorker('Mine');
    const theirs = await newWorker('Theirs');
    const created = await t.call('POST', '/xr-sessions', {
      ...as,
      body: { xr_worker_id: theirs.id, series_uuid: series.uuid },
    });
    const id = created.body.id as number;
    expect((await device(mine.token, 'GET', `/xr-worker/sessions/${id}/input/0`)).status).toBe(404);
    expect((await device(mine.token, 'POST', `/xr-worker/sessions/${id}/end`)).status).toBe(404);
    // Naming it in a heartbeat does not make it active.
    await device(mine.token, 'POST', '/xr-worker/heartbeat', { showing: id });
    const list = await t.call('GET', '/xr-sessions', as);
    expect(list.body.find((s: { id: number }) => s.id === id).state).toBe('pending');
  });

  it('lets a holder of r:xr-sessions alone list the workers (to pick one) but not add or revoke them', async () => {
    await buildRole(t, team, 'Viewer of XR', ['r:dashboard', 'r:xr-sessions']);
    const viewer = await buildMember(t, team, 'Viewer of XR');
    const them = { token: viewer.token, team: team.slug };
    expect((await t.call('GET', '/xr-workers', them)).status).toBe(200);
    expect((await t.call('GET', '/xr-sessions', them)).status).toBe(200);
    expect((await t.call('POST', '/xr-workers', { ...them, body: { name: 'No' } })).status).toBe(403);
    const worker = await newWorker('Kept');
    expect((await t.call('DELETE', `/xr-workers/${worker.id}`, them)).status).toBe(403);
  });

  it('answers 403 to a member without r:xr-sessions or r:xr-workers', async () => {
    await buildRole(t, team, 'Plain', ['r:dashboard']);
    const plain = await buildMember(t, team, 'Plain');
    const them = { token: plain.token, team: team.slug };
    for (const [method, p] of [
      ['GET', '/xr-workers'],
      ['POST', '/xr-workers'],
      ['GET', '/xr-sessions'],
      ['POST', '/xr-sessions'],
    ] as const)
      expect(
        (await t.call(method, p, { ...them, ...(method === 'POST' && { body: {} }) })).status,
        `${method} ${p}`,
      ).toBe(403);
  });
});
