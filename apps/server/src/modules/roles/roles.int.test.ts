import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, permissionVersion } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('team roles', () => {
  it('lists the team’s roles with member counts', async () => {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner);
    await buildMember(t, team, 'Member');
    await buildMember(t, team, 'Member');
    const res = await t.call('GET', '/team/roles', { token: owner.token, team: team.slug });
    expect(res.status).toBe(200);
    const counts = Object.fromEntries(
      res.body.map((r: { name: string; members_count: number }) => [r.name, r.members_count]),
    );
    expect(counts).toEqual({ Owner: 1, Member: 2, Annotator: 0, Viewer: 0 });
    expect(res.body.every((r: { team_id: number }) => r.team_id === team.id)).toBe(true);
  });

  it('updates a role’s permissions and bumps the version of every holder', async () => {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner);
    const m1 = await buildMember(t, team, 'Viewer');
    const m2 = await buildMember(t, team, 'Viewer');
    const other = await buildMember(t, team, 'Member');
    const v1 = await permissionVersion(t, m1.id);
    const v2 = await permissionVersion(t, m2.id);
    const vo = await permissionVersion(t, other.id);
    const res = await t.call('PUT', `/team/roles/${team.roles.Viewer}`, {
      token: owner.token,
      team: team.slug,
      body: { permissions: ['r:studies', 'r:dashboard', 'r:studies'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Viewer',
      permissions: ['r:dashboard', 'r:studies'],
      members_count: 2,
    });
    expect(await permissionVersion(t, m1.id)).toBe(v1 + 1);
    expect(await permissionVersion(t, m2.id)).toBe(v2 + 1);
    expect(await permissionVersion(t, other.id)).toBe(vo);
  });

  it('refuses admin (422 on permissions), foreign roles (404) and members without r:roles (403)', async () => {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner);
    const other = await buildTeam(t, await buildUser(t));
    const put = (token: string, roleId: number | undefined, permissions: string[]) =>
      t.call('PUT', `/team/roles/${roleId}`, { token, team: team.slug, body: { permissions } });
    const admin = await put(owner.token, team.roles.Viewer, ['admin', 'r:studies']);
    expect(admin.status).toBe(422);
    expect(admin.body.errors.permissions).toBeDefined();
    expect((await put(owner.token, other.roles.Viewer, ['r:studies'])).status).toBe(404);
    const member = await buildMember(t, team, 'Member');
    expect((await put(member.token, team.roles.Viewer, ['r:studies'])).status).toBe(403);
  });

  it('refuses to take r:roles from the last role that holds it', async () => {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner);
    const res = await t.call('PUT', `/team/roles/${team.roles.Owner}`, {
      token: owner.token,
      team: team.slug,
      body: { permissions: ['r:team', 'r:dashboard'] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.permissions).toBeDefined();
  });
});
