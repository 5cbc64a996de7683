import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, permissionVersion, uniqueSlug } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('teams', () => {
  it('creates a team with seeded roles; the creator is Owner and prefers it', async () => {
    const owner = await buildUser(t);
    const before = await permissionVersion(t, owner.id);
    const slug = uniqueSlug();
    const res = await t.call('POST', '/teams', { token: owner.token, body: { title: 'Neuro Lab', slug } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ slug, title: 'Neuro Lab', preferred: true, users: [{ id: owner.id }] });
    expect(await permissionVersion(t, owner.id)).toBe(before + 1);

    const roles = await t.call('GET', '/team/roles', { token: owner.token, team: slug });
    expect(roles.body.map((r: { name: string }) => r.name)).toEqual([
      'Viewer',
      'Annotator',
      'Member',
      'Owner',
    ]);
    const owners = roles.body.find((r: { name: string }) => r.name === 'Owner');
    expect(owners.members_count).toBe(1);
    expect(owners.permissions).not.toContain('admin');
    expect(roles.body.find((r: { is_default: boolean }) => r.is_default).name).toBe('Member');

    const perms = await t.call('GET', '/permissions/get-permission', { token: owner.token, team: slug });
    expect(perms.body.permission_version).toBe(before + 1);
    expect(perms.body.user_permision).toContain('r:roles');

    // A second team does not take over the preference.
    const second = await t.call('POST', '/teams', {
      token: owner.token,
      body: { title: 'B', slug: uniqueSlug() },
    });
    expect(second.body.preferred).toBe(false);
  });

  it('refuses a taken, reserved or malformed slug and reports it in check-slug', async () => {
    const user = await buildUser(t);
    const team = await buildTeam(t, user);
    const taken = await t.call('POST', '/teams', {
      token: user.token,
      body: { title: 'X', slug: team.slug },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ slug: ['This address is already taken.'] });
    const reserved = await t.call('POST', '/teams', {
      token: user.token,
      body: { title: 'X', slug: 'admin' },
    });
    expect(reserved.status).toBe(422);
    expect(reserved.body.errors.slug).toEqual(['This address is reserved.']);

    const check = (slug: string) =>
      t.call('GET', `/teams/check-slug?slug=${encodeURIComponent(slug)}`, { token: user.token });
    expect((await check(team.slug)).body).toEqual({
      available: false,
      message: 'This address is already taken.',
    });
    expect((await check('www')).body.available).toBe(false);
    expect((await check('No Spaces')).body.available).toBe(false);
    expect((await check(uniqueSlug())).body).toEqual({ available: true, message: null });
    expect((await t.call('GET', '/teams/check-slug?slug=abc')).status).toBe(401);
  });

  it('answers get, get-item and preferred only for the user’s own teams', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const teamA = await buildTeam(t, a);
    const teamB = await buildTeam(t, b);
    expect((await t.call('GET', `/teams/${teamA.slug}`, { token: a.token })).body).toMatchObject({
      id: teamA.id,
    });
    expect((await t.call('GET', `/teams/${teamB.slug}`, { token: a.token })).status).toBe(404);
    expect((await t.call('GET', `/teams/get-item?slug=${teamA.slug}`, { token: a.token })).body).toEqual({
      id: teamA.id,
      title: teamA.slug,
    });
    expect((await t.call('GET', `/teams/get-item?slug=${teamB.slug}`, { token: a.token })).status).toBe(404);
    expect(
      (await t.call('POST', '/teams/preferred', { token: a.token, body: { slug: teamB.slug } })).status,
    ).toBe(404);

    const second = await buildTeam(t, a);
    expect(
      (await t.call('POST', '/teams/preferred', { token: a.token, body: { slug: second.slug } })).status,
    ).toBe(204);
    const me = await t.call('GET', '/user', { token: a.token });
    expect(me.body.teams.find((x: { preferred: boolean }) => x.preferred).slug).toBe(second.slug);
  });

  it('lists members, changes a member’s role and removes a member', async () => {
    const owner = await buildUser(t, { name: 'Aaron Owner' });
    const team = await buildTeam(t, owner);
    const member = await buildMember(t, team, 'Member', { name: 'Zoe Member' });
    const call = (method: string, path: string, body?: unknown) =>
      t.call(method, path, { token: owner.token, team: team.slug, body });

    const list = await call('GET', '/team/users');
    expect(list.body.map((m: { id: number }) => m.id)).toEqual([owner.id, member.id]);
    expect(list.body[1].role.name).toBe('Member');

    const before = await permissionVersion(t, member.id);
    const changed = await call('PUT', `/team/users/${member.id}`, { role_id: team.roles.Viewer });
    expect(changed.status).toBe(200);
    expect(changed.body.role).toEqual({ id: team.roles.Viewer, name: 'Viewer' });
    expect(await permissionVersion(t, member.id)).toBe(before + 1);
    const perms = await t.call('GET', '/permissions/get-permission', {
      token: member.token,
      team: team.slug,
    });
    expect(perms.body.user_permision).toEqual(['r:dashboard', 'r:studies']);

    expect((await call('DELETE', `/team/users/${member.id}`)).status).toBe(204);
    expect(await permissionVersion(t, member.id)).toBe(before + 2);
    expect((await t.call('GET', '/team/users', { token: member.token, team: team.slug })).status).toBe(404);
    expect((await call('DELETE', `/team/users/${member.id}`)).status).toBe(404);
  });

  it('keeps at least one member who may edit roles', async () => {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner);
    const call = (method: string, path: string, body?: unknown) =>
      t.call(method, path, { token: owner.token, team: team.slug, body });
    const demote = await call('PUT', `/team/users/${owner.id}`, { role_id: team.roles.Member });
    expect(demote.status).toBe(422);
    expect(demote.body.errors.role_id).toBeDefined();
    const leave = await call('DELETE', `/team/users/${owner.id}`);
    expect(leave.status).toBe(422);

    // With a second Owner, the first may step down.
    const second = await buildMember(t, team, 'Owner');
    expect((await call('PUT', `/team/users/${owner.id}`, { role_id: team.roles.Member })).status).toBe(200);
    // A member without r:roles may not remove someone who holds it.
    const teamAdmin = await buildMember(t, team, 'Member');
    await t.db
      .updateTable('roles')
      .set({ permissions: ['r:team'] })
      .where('id', '=', team.roles.Viewer)
      .execute();
    await t.db
      .updateTable('team_users')
      .set({ role_id: team.roles.Viewer })
      .where('user_id', '=', teamAdmin.id)
      .execute();
    const byTeamOnly = await t.call('DELETE', `/team/users/${second.id}`, {
      token: teamAdmin.token,
      team: team.slug,
    });
    expect(byTeamOnly.status).toBe(403);
  });

  it('lets only one of two concurrent demotions of the last two owners through', async () => {
    const first = await buildUser(t);
    const team = await buildTeam(t, first);
    const second = await buildMember(t, team, 'Owner');
    const demote = (actor: typeof first, target: typeof first) =>
      t.call('PUT', `/team/users/${target.id}`, {
        token: actor.token,
        team: team.slug,
        body: { role_id: team.roles.Member },
      });
    const results = await Promise.all([demote(first, second), demote(second, first)]);
    // The loser is refused as the last role editor (422), or, if it came second, as no longer one (403).
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => [200, 403, 422].includes(r.status))).toBe(true);
    const owners = await t.db
      .selectFrom('team_users')
      .select('user_id')
      .where('role_id', '=', team.roles.Owner)
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('refuses a role of another team and a member of another team with 404', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const teamA = await buildTeam(t, a);
    const teamB = await buildTeam(t, b);
    const memberA = await buildMember(t, teamA);
    const call = (method: string, path: string, body?: unknown) =>
      t.call(method, path, { token: a.token, team: teamA.slug, body });
    expect((await call('PUT', `/team/users/${memberA.id}`, { role_id: teamB.roles.Viewer })).status).toBe(
      404,
    );
    expect((await call('PUT', `/team/users/${b.id}`, { role_id: teamA.roles.Viewer })).status).toBe(404);
    expect((await call('DELETE', `/team/users/${b.id}`)).status).toBe(404);
  });
});
