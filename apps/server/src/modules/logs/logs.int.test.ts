import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTeam, buildUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const logRows = (userId: number) =>
  t.db.selectFrom('activity_logs').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('activity log', () => {
  it('stores route changes and clicks, with the team when there is one', async () => {
    const user = await buildUser(t);
    const team = await buildTeam(t, user);
    const q = (extra: string) => `/log?app=web&type=route&path=${encodeURIComponent('/studies-v2')}${extra}`;
    expect((await t.call('POST', q(''), { token: user.token })).status).toBe(204);
    expect(
      (await t.call('POST', q('&data=%7B%22x%22%3A1%7D'), { token: user.token, team: team.slug })).status,
    ).toBe(204);
    const rows = await logRows(user.id);
    expect(rows).toEqual([
      expect.objectContaining({ app: 'web', type: 'route', path: '/studies-v2', team_id: null, data: null }),
      expect.objectContaining({ team_id: team.id, data: '{"x":1}' }),
    ]);
  });

  it('needs a user and a known type', async () => {
    expect((await t.call('POST', '/log?app=web&type=route&path=/')).status).toBe(401);
    const user = await buildUser(t);
    const bad = await t.call('POST', '/log?app=web&type=scroll&path=/', { token: user.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.type).toBeDefined();
    expect(await logRows(user.id)).toEqual([]);
  });
});
