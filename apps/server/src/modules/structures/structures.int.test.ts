import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTALSEGMENTATOR_CLASS_MAP } from '../../platform/db/migrations/totalsegmentator-classes';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { TESTDATA_DIR } from '../../../test/corpus';
import { buildStructure } from '../../../test/segmentation-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** The structure catalogue (issue 12 item 1; decision 0030): seeded classes, search, a team's own. */
let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let owner: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
  other = await buildTeam(t, await buildUser(t));
  viewer = await buildMember(t, team, 'Viewer');
});
afterAll(async () => t.close());

const get = (p: string, user = owner) => t.call('GET', p, { token: user.token, team: team.slug });

describe('the seeded catalogue', () => {
  it('embeds TotalSegmentator’s class maps exactly as the test data holds them', async () => {
    const file = path.join(TESTDATA_DIR, 'segmentation', 'totalsegmentator', 'class_map.json');
    const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, Record<string, string>>;
    const asStrings = (m: Record<number, string>) =>
      Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v]));
    expect(asStrings(TOTALSEGMENTATOR_CLASS_MAP.total)).toEqual(json.total);
    expect(asStrings(TOTALSEGMENTATOR_CLASS_MAP.total_mr)).toEqual(json.total_mr);
  });

  it.each([
    ['totalsegmentator-total', 'total', 117],
    ['totalsegmentator-total-mr', 'total_mr', 50],
  ] as const)('%s lists every class with its label value', async (slug, task, count) => {
    const res = await get(`/structures/${slug}`);
    expect(res.status).toBe(200);
    const classes = (res.body as { classes: { value: number; slug: string }[] }).classes;
    expect(classes).toHaveLength(count);
    for (const c of classes) expect(c.slug).toBe(TOTALSEGMENTATOR_CLASS_MAP[task][c.value]);
    expect(res.body).toMatchObject({ read_only: true, team_id: null, category: { title: 'Whole body' } });
  });

  it('finds structures by title or slug, without case, and by category', async () => {
    const kidney = await get('/structures?search=KIDNEY');
    const slugs = (kidney.body as { slug: string }[]).map((s) => s.slug);
    expect(slugs).toEqual(expect.arrayContaining(['kidney_left', 'kidney_right', 'kidney_cyst_left']));
    const spine = await get('/structures?category=spine');
    const spineSlugs = (spine.body as { slug: string }[]).map((s) => s.slug);
    expect(spineSlugs).toContain('vertebrae_L5');
    expect(spineSlugs).not.toContain('liver');
    const liver = (await get('/structures/liver')).body;
    expect(liver).toMatchObject({ title: 'Liver', category: { title: 'Liver' }, classes: [] });
  });

  it('treats % and _ in a search as text', async () => {
    expect((await get('/structures?search=%25')).body).toEqual([]);
  });
});

describe('a team’s own structures', () => {
  it('creates one with a slug from its title, listed for the team only', async () => {
    const res = await t.call('POST', '/structures', {
      token: owner.token,
      team: team.slug,
      body: { title: 'Hepatic Lesion' },
    });
    expect(res).toMatchObject({
      status: 201,
      body: { slug: 'hepatic-lesion', title: 'Hepatic Lesion', read_only: false, team_id: team.id },
    });
    expect((await get('/structures?search=hepatic')).body).toHaveLength(1);
    const otherOwner = await buildUser(t);
    await t.db
      .insertInto('team_users')
      .values({ team_id: other.id, user_id: otherOwner.id, role_id: other.roles.Owner })
      .execute();
    const foreign = await t.call('GET', '/structures/hepatic-lesion', {
      token: otherOwner.token,
      team: other.slug,
    });
    expect(foreign.status).toBe(404);
  });

  it('answers 409 for a slug the catalogue or the team already has', async () => {
    const body = { title: 'My liver', slug: 'liver' };
    const res = await t.call('POST', '/structures', { token: owner.token, team: team.slug, body });
    expect(res.status).toBe(409);
    const own = await buildStructure(t, { team, slug: 'own-organ' });
    const again = await t.call('POST', '/structures', {
      token: owner.token,
      team: team.slug,
      body: { title: 'Again', slug: own.slug },
    });
    expect(again.status).toBe(409);
  });

  it('refuses a Viewer (no r:structures) and an unknown category', async () => {
    const denied = await t.call('POST', '/structures', {
      token: viewer.token,
      team: team.slug,
      body: { title: 'Viewer organ' },
    });
    expect(denied.status).toBe(403);
    const bad = await t.call('POST', '/structures', {
      token: owner.token,
      team: team.slug,
      body: { title: 'Odd', category_id: 999_999 },
    });
    expect(bad.status).toBe(422);
  });
});
