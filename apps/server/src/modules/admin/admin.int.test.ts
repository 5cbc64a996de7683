import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, permissionVersion, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t, { name: 'Ada Admin', admin: true });
});
afterAll(async () => t.close());

const get = (path: string, token = admin.token) => t.call('GET', path, { token });

describe('admin', () => {
  it('is closed to everyone but administrators', async () => {
    const user = await buildUser(t);
    expect((await get('/admin/users', user.token)).status).toBe(403);
    expect((await t.call('GET', '/admin/users')).status).toBe(401);
  });

  it('lists users with their teams and roles, searchable by name or e-mail', async () => {
    const owner = await buildUser(t, { name: 'Quentin Searchable' });
    const team = await buildTeam(t, owner, { title: 'Search Lab' });
    await buildMember(t, team, 'Viewer', { name: 'Other Person' });
    const all = await get('/admin/users');
    expect(all.body.length).toBeGreaterThanOrEqual(3);
    const found = await get('/admin/users?search=QUENTIN');
    expect(found.body).toEqual([
      expect.objectContaining({
        id: owner.id,
        teams: [{ slug: team.slug, title: 'Search Lab', role: 'Owner' }],
      }),
    ]);
    expect(
      (await get(`/admin/users?search=${encodeURIComponent(owner.email.toUpperCase())}`)).body,
    ).toHaveLength(1);
    expect((await get('/admin/users?search=%25')).body).toEqual([]);
  });

  it('lists teams, invitations and roles of every team', async () => {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner, { title: 'Listed Lab' });
    await buildMember(t, team);
    await t.call('POST', '/invitations/save-item', {
      token: owner.token,
      team: team.slug,
      body: { emails: [{ email: 'listed@example.org', role_id: team.roles.Member }], team_id: team.id },
    });
    const teams = await get(`/admin/teams?search=${team.slug}`);
    expect(teams.body).toEqual([
      expect.objectContaining({ id: team.id, members_count: 2, title: 'Listed Lab' }),
    ]);
    const invitations = await get('/admin/invitations');
    expect(invitations.body).toContainEqual(
      expect.objectContaining({
        email: 'listed@example.org',
        team: { slug: team.slug, title: 'Listed Lab' },
      }),
    );
    const roles = await get('/admin/roles');
    expect(roles.body.filter((r: { team_id: number }) => r.team_id === team.id)).toHaveLength(4);
  });

  it('updates any team’s role, never with admin', async () => {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner);
    const viewer = await buildMember(t, team, 'Viewer');
    const before = await permissionVersion(t, viewer.id);
    const put = (permissions: string[]) =>
      t.call('PUT', `/admin/roles/${team.roles.Viewer}`, { token: admin.token, body: { permissions } });
    const res = await put(['r:dashboard']);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ permissions: ['r:dashboard'], team: { slug: team.slug } });
    expect(await permissionVersion(t, viewer.id)).toBe(before + 1);
    expect((await put(['admin'])).status).toBe(422);
    expect(
      (await t.call('PUT', '/admin/roles/999999', { token: admin.token, body: { permissions: [] } })).status,
    ).toBe(404);
  });

  it('switches to another user and back, with audit records', async () => {
    const target = await buildUser(t, { name: 'Target' });
    const start = await t.call('POST', '/admin/user-switch', {
      token: admin.token,
      body: { user_id: target.id },
    });
    expect(start.status).toBe(200);
    const as = start.body.token as string;
    const me = await t.call('GET', '/user', { token: as });
    expect(me.body).toMatchObject({ id: target.id, impersonator: { id: admin.id } });
    const row = await t.db
      .selectFrom('auth_tokens')
      .select(['expires_at', 'impersonator_id'])
      .where('user_id', '=', target.id)
      .where('impersonator_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeLessThan(5 * 3600 * 1000);

    // The target is no administrator: nested switches are refused by scope.
    expect(
      (await t.call('POST', '/admin/user-switch', { token: as, body: { user_id: admin.id } })).status,
    ).toBe(403);

    const leave = await t.call('POST', '/user-switch/leave', { token: as });
    expect(leave.status).toBe(200);
    expect((await t.call('GET', '/user', { token: as })).status).toBe(401);
    expect((await t.call('GET', '/user', { token: leave.body.token })).body).toMatchObject({
      id: admin.id,
      impersonator: null,
    });

    const audit = await get('/admin/audit');
    expect(audit.body.data.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'user-switch.stop', actor: admin.email, subject: target.email }),
      expect.objectContaining({ action: 'user-switch.start', actor: admin.email, subject: target.email }),
    ]);
    expect(audit.body.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses unknown users, oneself, switching twice and leaving without a switch', async () => {
    const sw = (body: unknown, token = admin.token) => t.call('POST', '/admin/user-switch', { token, body });
    expect((await sw({ user_id: 999999 })).status).toBe(404);
    expect((await sw({ user_id: admin.id })).status).toBe(422);
    expect((await t.call('POST', '/user-switch/leave', { token: admin.token })).status).toBe(422);

    const otherAdmin = await buildUser(t, { admin: true });
    const target = await buildUser(t);
    const { body } = await sw({ user_id: otherAdmin.id });
    expect((await sw({ user_id: target.id }, body.token)).status).toBe(422);
  });

  it('pages the audit log by 50', async () => {
    await t.db
      .insertInto('audit_logs')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          actor_id: admin.id,
          action: 'test',
          subject: `s${i}`,
          data: '{}',
        })),
      )
      .execute();
    const first = await get('/admin/audit');
    const second = await get('/admin/audit?page=2');
    expect(first.body.data).toHaveLength(50);
    expect(second.body.data.length).toBe(first.body.total - 50);
    expect((await get('/admin/audit?page=0')).status).toBe(422);
  });
});
