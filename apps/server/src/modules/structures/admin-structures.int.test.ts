import { STRUCTURE_IN_USE, STRUCTURE_SEEDED } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { buildSegmentation, buildStructure } from '../../../test/segmentation-factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TOTALSEGMENTATOR_COLOURS } from '../../platform/db/migrations/totalsegmentator-colours';

/** The global catalogue for administrators (/admin/structures-x; decision 0034). */
let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let team: TestTeam;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t, { admin: true });
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (user: TestUser, method: Method, path: string, body?: unknown) =>
  t.call(method, path, { token: user.token, body });
const byAdmin = (method: Method, path: string, body?: unknown) => as(admin, method, path, body);

describe('GET /admin/structures', () => {
  it('lists the global structures only, by search and category, with their use', async () => {
    await buildStructure(t, { team, slug: 'team-only-kidney', title: 'Team kidney' });
    const kidney = await byAdmin('GET', '/admin/structures?search=kidney');
    const slugs = (kidney.body as { slug: string }[]).map((s) => s.slug);
    expect(slugs).toEqual(expect.arrayContaining(['kidney_left', 'kidney_right']));
    expect(slugs).not.toContain('team-only-kidney');
    expect(kidney.body[0]).toMatchObject({ team_id: null, seeded: true, used_by: 0 });
    const spine = await byAdmin('GET', '/admin/structures?category=spine&search=L5');
    expect((spine.body as { slug: string }[]).map((s) => s.slug)).toEqual(['vertebrae_L5']);
  });

  it('is closed to non-administrators, a team Owner included', async () => {
    expect((await as(owner, 'GET', '/admin/structures')).status).toBe(403);
    expect((await as(owner, 'POST', '/admin/structures', { title: 'Sneaky' })).status).toBe(403);
    expect((await t.call('GET', '/admin/structures')).status).toBe(401);
  });
});

describe('creating, changing and deleting a global structure', () => {
  it('creates one every team then sees, read-only to them', async () => {
    const res = await byAdmin('POST', '/admin/structures', { title: 'Adrenal mass', category: 'abdomen' });
    expect(res).toMatchObject({
      status: 201,
      body: {
        slug: 'adrenal-mass',
        team_id: null,
        seeded: false,
        used_by: 0,
        category: { title: 'Abdomen' },
      },
    });
    const seen = await t.call('GET', '/structures/adrenal-mass', { token: owner.token, team: team.slug });
    expect(seen.body).toMatchObject({ title: 'Adrenal mass', read_only: true });
  });

  it('answers 409 for a slug any structure has, a team’s own included', async () => {
    await buildStructure(t, { team, slug: 'team-owned-slug' });
    const own = await byAdmin('POST', '/admin/structures', { title: 'X', slug: 'team-owned-slug' });
    expect(own.status).toBe(409);
    expect((await byAdmin('POST', '/admin/structures', { title: 'Liver' })).status).toBe(409);
  });

  it('changes a seeded structure’s title and category but never its slug', async () => {
    const [liver] = (await byAdmin('GET', '/admin/structures?search=liver')).body as { id: number }[];
    if (!liver) throw new Error('no liver');
    const renamed = await byAdmin('PUT', `/admin/structures/${liver.id}`, {
      title: 'Liver (whole)',
      category: 'abdomen',
    });
    expect(renamed.body).toMatchObject({
      slug: 'liver',
      title: 'Liver (whole)',
      category: { title: 'Abdomen' },
    });
    const slug = await byAdmin('PUT', `/admin/structures/${liver.id}`, { slug: 'hepar' });
    expect(slug).toMatchObject({ status: 422, body: { errors: { slug: [STRUCTURE_SEEDED] } } });
    // The multi-class structure still names the class by its label value.
    const total = await t.call('GET', '/structures/totalsegmentator-total', {
      token: owner.token,
      team: team.slug,
    });
    expect(total.body.classes).toContainEqual({
      value: 5,
      slug: 'liver',
      title: 'Liver (whole)',
      color: TOTALSEGMENTATOR_COLOURS.liver,
    });
    expect((await byAdmin('DELETE', `/admin/structures/${liver.id}`)).status).toBe(409);
  });

  it('renames an added one’s slug, and deletes it unless a segmentation names it', async () => {
    const made = await byAdmin('POST', '/admin/structures', { title: 'Cyst', slug: 'cyst-a' });
    const id = (made.body as { id: number }).id;
    const moved = await byAdmin('PUT', `/admin/structures/${id}`, { slug: 'cyst-b' });
    expect(moved.body).toMatchObject({ slug: 'cyst-b', title: 'Cyst' });
    expect((await byAdmin('PUT', `/admin/structures/${id}`, { slug: 'liver' })).status).toBe(409);

    const series = await buildSeries(t, team, await buildStudy(t, team));
    const segmentation = await buildSegmentation(t, team, series, { structure: { id } });
    expect((await byAdmin('GET', '/admin/structures?search=cyst-b')).body[0]).toMatchObject({ used_by: 1 });
    const refused = await byAdmin('DELETE', `/admin/structures/${id}`);
    expect(refused).toMatchObject({ status: 409, body: { message: STRUCTURE_IN_USE } });
    await t.db.deleteFrom('segmentations').where('id', '=', segmentation.id).execute();
    expect((await byAdmin('DELETE', `/admin/structures/${id}`)).status).toBe(204);
    expect((await byAdmin('GET', '/admin/structures?search=cyst-b')).body).toEqual([]);
  });

  it('answers 404 for a team’s own structure or a missing id', async () => {
    const own = await buildStructure(t, { team });
    expect((await byAdmin('PUT', `/admin/structures/${own.id}`, { title: 'Global now' })).status).toBe(404);
    expect((await byAdmin('DELETE', `/admin/structures/${own.id}`)).status).toBe(404);
    expect((await byAdmin('DELETE', '/admin/structures/999999')).status).toBe(404);
  });
});
