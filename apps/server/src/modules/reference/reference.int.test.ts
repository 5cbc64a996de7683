import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let team: TestTeam;
let viewer: TestUser;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
  viewer = await buildMember(t, team, 'Viewer');
});
afterAll(async () => t.close());

const get = (path: string, token = viewer.token) => t.call('GET', path, { token, team: team.slug });

describe('reference data', () => {
  it('lists modalities with CT first', async () => {
    const res = await get('/modality');
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({ code: 'CT', name: 'Computed tomography' });
    expect(res.body.map((m: { code: string }) => m.code)).toEqual(
      expect.arrayContaining(['CT', 'MR', 'PT', 'XA', 'US', 'CR', 'DX', 'MG', 'NM', 'OT']),
    );
  });

  it('lists acquisitions: NONE for every modality, CT phases, MR weightings', async () => {
    const res = await get('/acquisition');
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({ code: 'NONE', name: 'No acquisition', modality: null });
    const of = (modality: string) =>
      res.body
        .filter((a: { modality: string }) => a.modality === modality)
        .map((a: { code: string }) => a.code);
    expect(of('CT')).toEqual(['NATIVE', 'AR', 'PV', 'DL']);
    expect(of('MR')).toEqual(expect.arrayContaining(['T1W', 'T1C', 'T2W', 'FLAIR', 'DWI', 'ADC']));
    // Research acquisitions (migration 0007) come after the weightings.
    expect(of('MR').slice(-8)).toEqual(['T2S', 'SWI', 'BOLD', 'ASL', 'PERF', 'MRA', 'FMAP', 'LOC']);
  });

  it('lists the team’s pipelines for the upload, each acquisition one of its modality', async () => {
    expect((await get('/pipelines')).body).toEqual({ data: [] });
    const [blueprints, acquisitions] = await Promise.all([
      get('/pipeline-blueprints', owner.token),
      get('/acquisition'),
    ]);
    const liver = blueprints.body.find((p: { code: string }) => p.code === 'CT_LIVER_MULTIPHASE');
    const made = await t.call('POST', '/pipeline', {
      token: owner.token,
      team: team.slug,
      body: { ...liver, blueprint_code: liver.code },
    });
    expect(made.status).toBe(201);
    const pipelines = await get('/pipelines');
    expect(pipelines.status).toBe(200);
    expect(pipelines.body.data).toEqual([
      {
        code: 'CT_LIVER_MULTIPHASE',
        name: 'Liver multiphase CT',
        modality_code: 'CT',
        acquisitions: [{ code: 'NATIVE' }, { code: 'AR' }, { code: 'PV' }, { code: 'DL' }],
      },
    ]);
    // Every blueprint can be used as it is: its acquisitions are known for its modality.
    for (const p of blueprints.body as { modality_code: string; acquisitions: { code: string }[] }[]) {
      const known = acquisitions.body
        .filter((a: { modality: string }) => a.modality === p.modality_code)
        .map((a: { code: string }) => a.code);
      for (const a of p.acquisitions) expect(known).toContain(a.code);
    }
  });

  it('lists body parts as {slug, title}', async () => {
    const res = await get('/structures/categories');
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ slug: 'chest', title: 'Chest' });
    expect(Object.keys(res.body[0]).sort()).toEqual(['slug', 'title']);
  });

  it('answers 401 without a token and 404 outside the team', async () => {
    expect((await t.call('GET', '/modality', { team: team.slug })).status).toBe(401);
    const stranger = await buildUser(t);
    expect((await get('/pipelines', stranger.token)).status).toBe(404);
  });
});
