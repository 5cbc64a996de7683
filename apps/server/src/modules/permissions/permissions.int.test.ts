import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bumpPermissionVersion } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('permission version', () => {
  it('increments each user once and tells each of them', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const sent: { userId: number; event: string; payload: unknown }[] = [];
    const realtime = {
      toUser: (userId: number, event: string, payload: unknown) => void sent.push({ userId, event, payload }),
      toSocket: async () => false,
    };
    await bumpPermissionVersion({ db: t.db, realtime }, [a.id, b.id, a.id]);
    expect(sent).toEqual(
      expect.arrayContaining([
        { userId: a.id, event: 'permission:updated', payload: { permission_version: 2 } },
        { userId: b.id, event: 'permission:updated', payload: { permission_version: 2 } },
      ]),
    );
    expect(sent).toHaveLength(2);
  });

  it('answers the version and the permissions in the request’s team (spec spelling)', async () => {
    const user = await buildUser(t);
    const res = await t.call('GET', '/permissions/get-permission', { token: user.token });
    expect(res.body).toEqual({ permission_version: 1, user_permision: ['r:dashboard'] });
    expect((await t.call('GET', '/permissions/get-permission')).status).toBe(401);
  });
});
