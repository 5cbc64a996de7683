import type { Notification } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { collect, connectSocket, eventually } from '../../../test/sockets';
import { createTestApp, type CallOptions, type TestApp } from '../../../test/test-app';
import { notify } from './notify';

let t: TestApp;
let team: TestTeam;
let other: TestTeam;
let owner: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
  other = await buildTeam(t, owner);
  member = await buildMember(t, team, 'Annotator');
});
afterAll(async () => t.close());

const as = (user: TestUser, method: string, path: string, opts: CallOptions = {}) =>
  t.call(method, path, { token: user.token, team: team.slug, ...opts });

const raise = (user: TestUser, teamId = team.id, description = 'CT thorax') =>
  notify(t.app.deps, {
    teamId,
    userId: user.id,
    typeCode: 'upload.conversion.error',
    section: 'uploads',
    url: '/studies-v2',
    description,
  });

describe('notifications', () => {
  it('lists the user’s own in this team, newest first, with the count and the unseen count', async () => {
    const user = await buildMember(t, team, 'Annotator');
    const first = await raise(user, team.id, 'first');
    const second = await raise(user, team.id, 'second');
    await raise(user, other.id, 'in another team');
    await raise(member, team.id, 'someone else’s');
    const res = await as(user, 'GET', '/notification?per_page=1');
    expect(res.status).toBe(200);
    expect(res.body.notifications.count).toBe(2);
    expect(res.body.notifications.unseen).toBe(2);
    expect(res.body.notifications.data.map((n: Notification) => n.id)).toEqual([second.id]);
    expect(res.body.notifications.data[0]).toMatchObject({
      type_code: 'upload.conversion.error',
      is_seen: 0,
      url: '/studies-v2',
      section: 'uploads',
      team_id: team.id,
    });
    const newer = await as(user, 'GET', `/notification-new?last_id=${first.id}`);
    expect(newer.body.notifications.data.map((n: Notification) => n.id)).toEqual([second.id]);
  });

  it('sends the permission list only when the client’s version is stale', async () => {
    const user = await buildMember(t, team, 'Annotator');
    const fresh = await as(user, 'GET', '/notification');
    expect(fresh.body.user_permission).toContain('r:studies');
    const version = fresh.body.permissionVersion as number;
    const same = await as(user, 'GET', `/notification?permission_version=${version}`);
    expect(same.body).not.toHaveProperty('user_permission');
    const stale = await as(user, 'GET', `/notification?permission_version=${version - 1}`);
    expect(stale.body.user_permission).toEqual(fresh.body.user_permission);
  });

  it('pushes created, updated and updated:all to every socket of the user only', async () => {
    const user = await buildMember(t, team, 'Annotator');
    const [tab1, tab2, stranger] = await Promise.all([
      connectSocket(t, user.token),
      connectSocket(t, user.token),
      connectSocket(t, member.token),
    ]);
    try {
      const created = [tab1, tab2].map((s) => collect<Notification>(s, 'notification:created'));
      const updated = [tab1, tab2].map((s) => collect<Notification>(s, 'notification:updated'));
      const all = [tab1, tab2].map((s) =>
        collect<{ team_id: number; is_seen: number }>(s, 'notification:updated:all'),
      );
      const strangers = collect(stranger, 'notification:created');
      const n = await raise(user);
      await eventually(() => created.every((c) => c.some((x) => x.id === n.id)));
      const one = await as(user, 'PUT', `/notification/${n.id}`, { body: { is_seen: 1 } });
      expect(one.body).toMatchObject({ id: n.id, is_seen: 1 });
      await eventually(() => updated.every((u) => u.some((x) => x.id === n.id && x.is_seen === 1)));
      await raise(user);
      const marked = await as(user, 'PUT', '/notification/update-all', { body: { is_seen: 1 } });
      expect(marked.body).toEqual({ updated: 1 });
      await eventually(() => all.every((a) => a.some((x) => x.team_id === team.id && x.is_seen === 1)));
      expect((await as(user, 'GET', '/notification')).body.notifications.unseen).toBe(0);
      expect(strangers).toEqual([]);
    } finally {
      for (const s of [tab1, tab2, stranger]) s.disconnect();
    }
  });

  it('answers 404 for another user’s notification and refuses a bad mark', async () => {
    const theirs = await raise(member);
    const mine = await buildMember(t, team, 'Annotator');
    expect((await as(mine, 'PUT', `/notification/${theirs.id}`, { body: { is_seen: 1 } })).status).toBe(404);
    const inOtherTeam = await t.call('PUT', `/notification/${theirs.id}`, {
      token: owner.token,
      team: other.slug,
      body: { is_seen: 1 },
    });
    expect(inOtherTeam.status).toBe(404);
    expect((await as(member, 'PUT', `/notification/${theirs.id}`, { body: { is_seen: 2 } })).status).toBe(
      422,
    );
    expect((await as(member, 'GET', '/notification?per_page=0')).status).toBe(422);
    expect((await t.call('GET', '/notification', { team: team.slug })).status).toBe(401);
  });
});
