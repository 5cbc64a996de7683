import { STRUCTURE_IN_USE } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { buildSegmentation, buildStructure } from '../../../test/segmentation-factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** A team changes and deletes its own structures (/structures/detail; decision 0034); the catalogue stays. */
let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let owner: TestUser;
let otherOwner: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  otherOwner = await buildUser(t);
  team = await buildTeam(t, owner);
  other = await buildTeam(t, otherOwner);
  viewer = await buildMember(t, team, 'Viewer');
});
afterAll(async () => t.close());

const call = (method: 'PUT' | 'DELETE' | 'GET', path: string, body?: unknown, user = owner, on = team) =>
  t.call(method, path, { token: user.token, team: on.slug, body });

describe('PUT /structures/{slug}', () => {
  it('changes the title and the category (by slug or id) of the team’s own, keeping its slug', async () => {
    const own = await buildStructure(t, { team, slug: 'own-lesion', title: 'Lesion' });
    const res = await call('PUT', `/structures/${own.slug}`, {
      title: 'Hepatic lesion',
      category: 'abdomen',
    });
    expect(res).toMatchObject({
      status: 200,
      body: { slug: 'own-lesion', title: 'Hepatic lesion', category: { title: 'Abdomen' }, seeded: false },
    });
    const cleared = await call('PUT', `/structures/${own.slug}`, { category_id: null });
    expect(cleared.body).toMatchObject({ title: 'Hepatic lesion', category: null, category_id: null });
  });

  it('answers 403 for the catalogue’s structures, 404 for another team’s, 422 for an unknown category', async () => {
    expect((await call('PUT', '/structures/liver', { title: 'Mine now' })).status).toBe(403);
    const foreign = await buildStructure(t, { team: other, slug: 'foreign-organ' });
    expect((await call('PUT', `/structures/${foreign.slug}`, { title: 'Mine' })).status).toBe(404);
    const own = await buildStructure(t, { team });
    const bad = await call('PUT', `/structures/${own.slug}`, { category: 'no-such-part' });
    expect(bad).toMatchObject({ status: 422, body: { errors: { category: ['No such category.'] } } });
    const both = await call('PUT', `/structures/${own.slug}`, { category: 'chest', category_id: 1 });
    expect(both.status).toBe(422);
    expect((await call('PUT', `/structures/${own.slug}`, { title: 'V' }, viewer)).status).toBe(403);
  });
});

describe('DELETE /structures/{slug}', () => {
  it('deletes the team’s own, which then answers 404', async () => {
    const own = await buildStructure(t, { team });
    expect((await call('DELETE', `/structures/${own.slug}`)).status).toBe(204);
    expect((await call('GET', `/structures/${own.slug}`)).status).toBe(404);
  });

  it('answers 409 while a segmentation names it, and deletes it once that is gone', async () => {
    const own = await buildStructure(t, { team });
    const series = await buildSeries(t, team, await buildStudy(t, team));
    const segmentation = await buildSegmentation(t, team, series, { structure: own });
    const refused = await call('DELETE', `/structures/${own.slug}`);
    expect(refused).toMatchObject({ status: 409, body: { message: STRUCTURE_IN_USE } });
    expect((await call('GET', `/structures/${own.slug}`)).status).toBe(200);
    await t.db.deleteFrom('segmentations').where('id', '=', segmentation.id).execute();
    expect((await call('DELETE', `/structures/${own.slug}`)).status).toBe(204);
  });

  it('answers 403 for the catalogue’s and 404 for another team’s', async () => {
    expect((await call('DELETE', '/structures/liver')).status).toBe(403);
    const foreign = await buildStructure(t, { team: other });
    expect((await call('DELETE', `/structures/${foreign.slug}`)).status).toBe(404);
    expect((await call('GET', `/structures/${foreign.slug}`, undefined, otherOwner, other)).status).toBe(200);
  });
});

describe('POST /structures', () => {
  it('takes the category by slug, and refuses the reserved slug', async () => {
    const res = await t.call('POST', '/structures', {
      token: owner.token,
      team: team.slug,
      body: { title: 'Pleural effusion', category: 'chest' },
    });
    expect(res).toMatchObject({
      status: 201,
      body: { slug: 'pleural-effusion', category: { title: 'Chest' } },
    });
    const reserved = await t.call('POST', '/structures', {
      token: owner.token,
      team: team.slug,
      body: { title: 'Categories' },
    });
    expect(reserved).toMatchObject({ status: 422, body: { errors: { slug: ['This slug is reserved.'] } } });
  });
});
