import { PIPELINE_CODE_TAKEN, PIPELINE_NOT_FOUND } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let team: TestTeam;
let owner: TestUser;
let viewer: TestUser;
let other: { team: TestTeam; owner: TestUser };
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
  viewer = await buildMember(t, team, 'Viewer');
  const otherOwner = await buildUser(t);
  other = { owner: otherOwner, team: await buildTeam(t, otherOwner) };
});
afterAll(async () => t.close());

const as = (user: TestUser, on = team) => ({ token: user.token, team: on.slug });
const liver = {
  code: 'liver_3',
  name: 'Liver three phases',
  modality_code: 'CT',
  acquisitions: [
    { code: 'AR', models: ['total6mm'] },
    { code: 'PV', models: ['total', 'total6mm'] },
    { code: 'DL' },
  ],
  blueprint_code: 'CT_LIVER_MULTIPHASE',
};

describe('pipelines', () => {
  let id: number;

  it('lists the seeded blueprints as templates', async () => {
    const res = await t.call('GET', '/pipeline-blueprints', as(owner));
    expect(res.status).toBe(200);
    expect(res.body.find((b: { code: string }) => b.code === 'CT_LIVER_MULTIPHASE')).toEqual({
      code: 'CT_LIVER_MULTIPHASE',
      name: 'Liver multiphase CT',
      modality_code: 'CT',
      acquisitions: [{ code: 'NATIVE' }, { code: 'AR' }, { code: 'PV' }, { code: 'DL' }],
    });
  });

  it('creates a team pipeline with models per acquisition; GET /pipelines offers it to the upload', async () => {
    expect((await t.call('GET', '/pipelines', as(owner))).body).toEqual({ data: [] });
    const res = await t.call('POST', '/pipeline', { ...as(owner), body: liver });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    id = res.body.id;
    expect(res.body).toMatchObject({
      code: 'LIVER_3',
      name: 'Liver three phases',
      modality_code: 'CT',
      acquisitions: [
        { code: 'AR', models: ['total6mm'] },
        { code: 'PV', models: ['total', 'total6mm'] },
        { code: 'DL', models: [] },
      ],
      blueprint_code: 'CT_LIVER_MULTIPHASE',
      created_by_user_name: 'Test User',
    });
    expect((await t.call('GET', `/pipeline/${id}`, as(owner))).body.code).toBe('LIVER_3');
    expect((await t.call('GET', '/pipelines', as(viewer))).body).toEqual({
      data: [
        {
          code: 'LIVER_3',
          name: 'Liver three phases',
          modality_code: 'CT',
          acquisitions: [{ code: 'AR' }, { code: 'PV' }, { code: 'DL' }],
        },
      ],
    });
    // Another team sees none of it.
    expect((await t.call('GET', '/pipelines', as(other.owner, other.team))).body).toEqual({ data: [] });
  });

  it('answers 409 for a code the team has, and lets another team use it', async () => {
    const taken = await t.call('POST', '/pipeline', { ...as(owner), body: { ...liver, code: 'LIVER_3' } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(PIPELINE_CODE_TAKEN);
    const elsewhere = await t.call('POST', '/pipeline', { ...as(other.owner, other.team), body: liver });
    expect(elsewhere.status).toBe(201);
    const second = await t.call('POST', '/pipeline', { ...as(owner), body: { ...liver, code: 'OTHER' } });
    const renamed = await t.call('PUT', `/pipeline/${second.body.id}`, {
      ...as(owner),
      body: { ...liver, code: 'LIVER_3' },
    });
    expect(renamed.status).toBe(409);
    expect((await t.call('DELETE', `/pipeline/${second.body.id}`, as(owner))).status).toBe(204);
  });

  it('refuses acquisitions and models that do not fit its modality (422), and bad bodies', async () => {
    const post = (body: unknown) => t.call('POST', '/pipeline', { ...as(owner), body });
    const mrAcquisition = await post({ ...liver, code: 'X1', acquisitions: [{ code: 'T2W' }] });
    expect(mrAcquisition.status).toBe(422);
    expect(mrAcquisition.body.errors).toEqual({
      'acquisitions.0.code': ['T2W is not an acquisition of CT.'],
    });
    const mrModel = await post({
      ...liver,
      code: 'X2',
      acquisitions: [{ code: 'PV', models: ['total-mr'] }],
    });
    expect(mrModel.status).toBe(422);
    expect(mrModel.body.errors).toEqual({
      'acquisitions.0.models': ['No AI model total-mr for CT is available.'],
    });
    const unknownModel = await post({
      ...liver,
      code: 'X3',
      acquisitions: [{ code: 'PV', models: ['nope'] }],
    });
    expect(unknownModel.status).toBe(422);
    const modality = await post({ ...liver, code: 'X4', modality_code: 'ZZ' });
    expect(modality.status).toBe(422);
    expect(modality.body.errors).toEqual({ modality_code: ['Unknown modality ZZ.'] });
    const twice = await post({ ...liver, code: 'X5', acquisitions: [{ code: 'PV' }, { code: 'PV' }] });
    expect(twice.status).toBe(422);
    expect((await post({ ...liver, code: 'X6', acquisitions: [] })).status).toBe(422);
    expect((await post({ ...liver, code: 'bad code!' })).status).toBe(422);
    const listed = await t.call('GET', '/pipeline', as(owner));
    expect(listed.body.map((p: { code: string }) => p.code)).toEqual(['LIVER_3']);
  });

  it('replaces a pipeline whole', async () => {
    const res = await t.call('PUT', `/pipeline/${id}`, {
      ...as(owner),
      body: { ...liver, name: 'Liver', acquisitions: [{ code: 'PV', models: ['total'] }] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Liver', acquisitions: [{ code: 'PV', models: ['total'] }] });
  });

  it('answers 403 without r:pipeline and 404 for another team’s pipeline', async () => {
    expect((await t.call('GET', '/pipeline', as(viewer))).status).toBe(403);
    expect((await t.call('POST', '/pipeline', { ...as(viewer), body: liver })).status).toBe(403);
    expect((await t.call('GET', '/pipeline-blueprints', as(viewer))).status).toBe(403);
    const foreign = await t.call('GET', `/pipeline/${id}`, as(other.owner, other.team));
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(PIPELINE_NOT_FOUND);
    expect(
      (await t.call('PUT', `/pipeline/${id}`, { ...as(other.owner, other.team), body: liver })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `/pipeline/${id}`, as(other.owner, other.team))).status).toBe(404);
    expect((await t.call('GET', `/pipeline/${id}`, as(owner))).status).toBe(200);
  });
});
