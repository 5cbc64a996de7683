import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let uploader: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t, await buildUser(t));
  other = await buildTeam(t, await buildUser(t));
  uploader = await buildMember(t, team, 'Member');
});
afterAll(async () => t.close());

const check = (uid: string, token = uploader.token) =>
  t.call('GET', `/studies/${uid}/check`, { token, team: team.slug });

describe('GET /studies/:studyInstanceUid/check', () => {
  it('is true for a study uploaded to the team, by its original UID even when the stored UID was remapped', async () => {
    await buildStudy(t, team, { originalUid: '1.2.3.4.100', storedUid: '2.25.999' });
    expect(await check('1.2.3.4.100')).toEqual({ status: 200, body: true });
    expect((await check('2.25.999')).body).toBe(false);
  });

  it('is false for a study only another team holds', async () => {
    await buildStudy(t, other, { originalUid: '1.2.3.4.200' });
    expect(await check('1.2.3.4.200')).toEqual({ status: 200, body: false });
  });

  it('stores no original UID, only a team-specific hash', async () => {
    const uid = '1.2.3.4.300';
    const a = await buildStudy(t, team, { originalUid: uid, storedUid: '2.25.1' });
    const b = await buildStudy(t, other, { originalUid: uid, storedUid: '2.25.2' });
    const rows = await t.db
      .selectFrom('studies')
      .select(['id', 'original_uid_hash'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    const hashes = rows.map((r) => r.original_uid_hash);
    expect(hashes[0]).not.toBe(hashes[1]);
    for (const h of hashes) expect(h).not.toContain(uid);
  });

  it('refuses what is not a UID with 422', async () => {
    const res = await check('abc');
    expect(res.status).toBe(422);
    expect(res.body.errors.studyInstanceUid).toBeDefined();
    expect((await check('1'.repeat(65))).status).toBe(422);
  });

  it('answers 403 to a Viewer (no r:upload), 401 without a token', async () => {
    const viewer = await buildMember(t, team, 'Viewer');
    expect((await check('1.2.3', viewer.token)).status).toBe(403);
    expect((await t.call('GET', '/studies/1.2.3/check', { team: team.slug })).status).toBe(401);
  });
});
