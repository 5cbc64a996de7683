import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildTeam,
  buildUser,
  permissionVersion,
  type TestTeam,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: TestUser;
let team: TestTeam;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t, { name: 'Olga Owner' });
  team = await buildTeam(t, owner, { title: 'Neuro Lab' });
});
afterAll(async () => t.close());

const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.org`;
const save = (emails: { email: string; role_id: number }[], teamId = team.id, token = owner.token) =>
  t.call('POST', '/invitations/save-item', { token, team: team.slug, body: { emails, team_id: teamId } });

describe('invitations', () => {
  it('offers the team’s roles, Owner last', async () => {
    const res = await t.call('GET', '/invitations/role-list', { token: owner.token, team: team.slug });
    expect(res.body).toEqual([
      { id: team.roles.Viewer, name: 'Viewer' },
      { id: team.roles.Annotator, name: 'Annotator' },
      { id: team.roles.Member, name: 'Member' },
      { id: team.roles.Owner, name: 'Owner' },
    ]);
  });

  it('invites, ignoring empty rows, and mails a register or dashboard link', async () => {
    const existing = await buildUser(t);
    const stranger = email('New.Person');
    const res = await save([
      { email: stranger, role_id: team.roles.Member },
      { email: '', role_id: team.roles.Member },
      { email: existing.email, role_id: team.roles.Viewer },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(2);
    expect(res.body.find((i: { email: string }) => i.email === existing.email)).toMatchObject({
      status: 'pending',
      role: { id: team.roles.Viewer, name: 'Viewer' },
      invited_by: 'Olga Owner',
    });
    const lower = stranger.toLowerCase();
    const strangerMail = t.mails.find((m) => m.to === lower);
    expect(strangerMail?.text).toContain(`http://voxa.test/register?email=${encodeURIComponent(lower)}`);
    expect(t.mails.find((m) => m.to === existing.email)?.text).toContain('http://voxa.test/dashboard');

    const list = await t.call('GET', '/team/invitations', { token: owner.token, team: team.slug });
    expect(list.body.map((i: { email: string }) => i.email)).toEqual(
      expect.arrayContaining([lower, existing.email]),
    );
  });

  it('requires at least one member', async () => {
    const res = await save([{ email: '', role_id: team.roles.Member }]);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('At least one member is required');
  });

  it('answers Duplicate email for members, pending invitations and repeats', async () => {
    const member = await buildMember(t, team);
    const asMember = await save([{ email: member.email.toUpperCase(), role_id: team.roles.Member }]);
    expect(asMember.status).toBe(422);
    expect(asMember.body.message).toBe('Duplicate email');
    expect(asMember.body.errors).toEqual({ 'emails.0.email': ['Duplicate email'] });

    const pending = email('pending');
    expect((await save([{ email: pending, role_id: team.roles.Member }])).status).toBe(201);
    const again = await save([
      { email: email('fresh'), role_id: team.roles.Member },
      { email: pending, role_id: team.roles.Member },
    ]);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ 'emails.1.email': ['Duplicate email'] });

    const twice = email('twice');
    const repeated = await save([
      { email: twice, role_id: team.roles.Member },
      { email: twice, role_id: team.roles.Member },
    ]);
    expect(repeated.status).toBe(422);
    expect(repeated.body.message).toBe('Duplicate email');
  });

  it('refuses another team’s id (404) and another team’s role (422)', async () => {
    const other = await buildTeam(t, await buildUser(t));
    expect((await save([{ email: email('x'), role_id: team.roles.Member }], other.id)).status).toBe(404);
    const foreignRole = await save([{ email: email('x'), role_id: other.roles.Member }]);
    expect(foreignRole.status).toBe(422);
    expect(foreignRole.body.errors['emails.0.role_id']).toBeDefined();
  });

  it('lets the invitee accept: joins with the role and a new permission version', async () => {
    const invitee = await buildUser(t);
    const { body } = await save([{ email: invitee.email, role_id: team.roles.Annotator }]);
    const before = await permissionVersion(t, invitee.id);
    const me = await t.call('GET', '/user', { token: invitee.token });
    expect(me.body.invitations).toEqual([
      expect.objectContaining({ id: body[0].id, team: { title: 'Neuro Lab', slug: team.slug } }),
    ]);

    const accept = await t.call('POST', '/invitations/status', {
      token: invitee.token,
      body: { id: body[0].id, status: 'accept' },
    });
    expect(accept.status).toBe(204);
    expect(await permissionVersion(t, invitee.id)).toBe(before + 1);
    const perms = await t.call('GET', '/permissions/get-permission', {
      token: invitee.token,
      team: team.slug,
    });
    expect(perms.body.user_permision).toContain('r:segmentations');
    expect(perms.body.user_permision).not.toContain('r:team');
    const again = await t.call('POST', '/invitations/status', {
      token: invitee.token,
      body: { id: body[0].id, status: 'accept' },
    });
    expect(again.status).toBe(404);
  });

  it('lets the invitee decline; nobody else may answer', async () => {
    const invitee = await buildUser(t);
    const stranger = await buildUser(t);
    const { body } = await save([{ email: invitee.email, role_id: team.roles.Member }]);
    const id = body[0].id;
    expect(
      (await t.call('POST', '/invitations/status', { token: stranger.token, body: { id, status: 'accept' } }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('POST', '/invitations/status', { token: invitee.token, body: { id, status: 'decline' } }))
        .status,
    ).toBe(204);
    const list = await t.call('GET', '/team/invitations', { token: owner.token, team: team.slug });
    expect(list.body.find((i: { id: number }) => i.id === id).status).toBe('decline');
    expect((await t.call('GET', '/team/users', { token: invitee.token, team: team.slug })).status).toBe(404);
  });

  it('refuses acceptance before the e-mail is verified (403)', async () => {
    const unverified = await buildUser(t, { verified: false });
    const { body } = await save([{ email: unverified.email, role_id: team.roles.Member }]);
    const res = await t.call('POST', '/invitations/status', {
      token: unverified.token,
      body: { id: body[0].id, status: 'accept' },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Verify your e-mail address first.');
  });

  it('marks the invitation accepted when the invitee is already a member', async () => {
    const member = await buildUser(t);
    const { body } = await save([{ email: member.email, role_id: team.roles.Viewer }]);
    await t.db
      .insertInto('team_users')
      .values({ team_id: team.id, user_id: member.id, role_id: team.roles.Member })
      .execute();
    const version = await permissionVersion(t, member.id);
    const res = await t.call('POST', '/invitations/status', {
      token: member.token,
      body: { id: body[0].id, status: 'accept' },
    });
    expect(res.status).toBe(204);
    const row = await t.db
      .selectFrom('team_users')
      .select('role_id')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(await permissionVersion(t, member.id)).toBe(version);
    expect(row.role_id).toBe(team.roles.Member);
  });

  it('keeps the invitations when the mail server fails', async () => {
    const push = t.mails.push;
    t.mails.push = () => {
      throw new Error('mail server down');
    };
    try {
      const res = await save([{ email: email('unmailed'), role_id: team.roles.Member }]);
      expect(res.status).toBe(201);
    } finally {
      t.mails.push = push;
    }
  });

  it('revokes pending invitations of its own team only', async () => {
    const other = await buildTeam(t, owner);
    const foreign = await t.call('POST', '/invitations/save-item', {
      token: owner.token,
      team: other.slug,
      body: { emails: [{ email: email('other'), role_id: other.roles.Member }], team_id: other.id },
    });
    const { body } = await save([{ email: email('revoke'), role_id: team.roles.Member }]);
    const del = (id: number) =>
      t.call('DELETE', `/team/invitations/${id}`, { token: owner.token, team: team.slug });
    expect((await del(foreign.body[0].id)).status).toBe(404);
    expect((await del(body[0].id)).status).toBe(204);
    expect((await del(body[0].id)).status).toBe(404);
  });
});
