import { API_TOKEN_PREFIX, API_USER_TEAM_ONLY, AUTH_COOKIE } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { callAtHost } from '../../../test/host-call';
import { buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { fileStates, prepare, sendFile } from '../../../test/upload-calls';
import { hashToken } from '../../platform/secrets';

/** API users and their tokens on a real server: the admin pages' calls, then a script's calls with a token. */
let t: TestApp;
let owner: TestUser;
let team: TestTeam;
let other: TestTeam;
let studyOwn: { id: number; uuid: string };
let studyOther: { id: number; uuid: string };
let as: { token: string; team: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t, { name: 'Olga Owner' });
  team = await buildTeam(t, owner);
  other = await buildTeam(t, await buildUser(t));
  studyOwn = await buildStudy(t, team);
  studyOther = await buildStudy(t, other);
  as = { token: owner.token, team: team.slug };
}, 120_000);
afterAll(async () => t.close());

async function newApiUser(role = 'Member', name = 'Nightly import') {
  const res = await t.call('POST', '/api-users', { ...as, body: { name, role_id: team.roles[role] } });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; role: { id: number; name: string } };
}

async function newToken(
  apiUserId: number,
  body: { name: string; expires_at?: string | null } = { name: 'ci' },
) {
  const res = await t.call('POST', `/api-users/${apiUserId}/tokens`, { ...as, body });
  expect(res.status).toBe(201);
  return res.body as { token: { id: number; prefix: string; state: string }; secret: string };
}

describe('managing API users', () => {
  it('creates, lists, shows and deletes an API user with one of the team’s roles', async () => {
    const created = await newApiUser('Viewer', 'Reporting');
    expect(created).toMatchObject({ name: 'Reporting', role: { name: 'Viewer' } });
    const list = await t.call('GET', '/api-users', as);
    expect(list.status).toBe(200);
    expect(list.body.find((u: { id: number }) => u.id === created.id)).toMatchObject({
      active_tokens: 0,
      last_used_at: null,
    });
    const detail = await t.call('GET', `/api-users/${created.id}`, as);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ name: 'Reporting', tokens: [] });
    // Not a member: the team's member list does not show it.
    const members = await t.call('GET', '/team/users', as);
    expect(members.body.map((m: { name: string }) => m.name)).not.toContain('Reporting');
    expect((await t.call('DELETE', `/api-users/${created.id}`, as)).status).toBe(204);
    expect((await t.call('GET', `/api-users/${created.id}`, as)).status).toBe(404);
    expect((await t.call('DELETE', `/api-users/${created.id}`, as)).status).toBe(404);
  });

  it('offers the team’s roles to choose from', async () => {
    const res = await t.call('GET', '/api-users/roles', as);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Owner', 'Member', 'Viewer']),
    );
    expect(res.body.map((r: { id: number }) => r.id)).not.toContain(other.roles.Member);
  });

  it('refuses invalid bodies and another team’s role', async () => {
    expect(
      (await t.call('POST', '/api-users', { ...as, body: { name: ' ', role_id: team.roles.Member } })).status,
    ).toBe(422);
    expect((await t.call('POST', '/api-users', { ...as, body: { name: 'x' } })).status).toBe(422);
    const foreign = await t.call('POST', '/api-users', {
      ...as,
      body: { name: 'x', role_id: other.roles.Member },
    });
    expect(foreign.status).toBe(404);
    const user = await newApiUser();
    const past = await t.call('POST', `/api-users/${user.id}/tokens`, {
      ...as,
      body: { name: 'old', expires_at: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.status).toBe(422);
    const garbled = await t.call('POST', `/api-users/${user.id}/tokens`, {
      ...as,
      body: { name: 'x', expires_at: 'tomorrow' },
    });
    expect(garbled.status).toBe(422);
  });

  it('answers 403 without r:api-users and 404 for another team’s API user', async () => {
    const member = await buildMember(t, team, 'Member');
    for (const [method, path] of [
      ['GET', '/api-users'],
      ['GET', '/api-users/roles'],
      ['POST', '/api-users'],
    ] as const) {
      const res = await t.call(method, path, {
        token: member.token,
        team: team.slug,
        ...(method === 'POST' && { body: { name: 'x', role_id: team.roles.Member } }),
      });
      expect(res.status).toBe(403);
    }
    const theirs = await t.call('GET', '/api-users', { token: owner.token, team: other.slug });
    expect(theirs.status).toBe(404);
  });

  it('keeps the backing account out of the administrators’ user list and user switch', async () => {
    const user = await newApiUser('Member', 'Backing row');
    const admin = await buildUser(t, { admin: true });
    const users = await t.call('GET', '/admin/users', { token: admin.token });
    expect(users.status).toBe(200);
    expect(JSON.stringify(users.body)).not.toContain('Backing row');
    const row = await t.db
      .selectFrom('api_users')
      .select('user_id')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const sw = await t.call('POST', '/admin/user-switch', {
      token: admin.token,
      body: { user_id: row.user_id },
    });
    expect(sw.status).toBe(404);
  });

  it('answers a token’s secret once, keeps only its hash, and lists it without the secret', async () => {
    const user = await newApiUser();
    const { token, secret } = await newToken(user.id, { name: 'laptop' });
    expect(secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(secret.startsWith(token.prefix)).toBe(true);
    const row = await t.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    const detail = await t.call('GET', `/api-users/${user.id}`, as);
    expect(detail.body.tokens).toEqual([
      expect.objectContaining({ id: token.id, name: 'laptop', state: 'active' }),
    ]);
    expect(JSON.stringify(detail.body)).not.toContain(secret);
  });
});

describe('a script with an API token', () => {
  const bearer = (secret: string, slug = team.slug) => ({ token: secret, team: slug });

  it('lists its team’s studies, by Team header and by the team’s host, and marks the token used', async () => {
    const user = await newApiUser('Viewer');
    const { token, secret } = await newToken(user.id);
    const res = await t.call('GET', '/studies-v2?page=1', bearer(secret));
    expect(res.status).toBe(200);
    const uuids = res.body.data.map((s: { uuid: string }) => s.uuid);
    expect(uuids).toContain(studyOwn.uuid);
    expect(uuids).not.toContain(studyOther.uuid);
    const byHost = await callAtHost(t, 'GET', '/studies-v2?page=1', {
      host: `${team.slug}.voxa.test`,
      token: secret,
    });
    expect(byHost.status).toBe(200);
    const detail = await t.call('GET', `/api-users/${user.id}`, as);
    expect(detail.body.tokens[0].id).toBe(token.id);
    expect(detail.body.tokens[0].last_used_at).not.toBeNull();
    expect(detail.body.last_used_at).not.toBeNull();
  });

  it('uploads through the chunked upload API, attributed to the API user', async () => {
    const user = await newApiUser('Member');
    const { secret } = await newToken(user.id);
    const who = bearer(secret);
    const session = await prepare(t, who);
    const bytes = new Uint8Array(3000).map((_, i) => i % 251);
    const id = `file-${session.slice(0, 8)}`;
    const sent = await sendFile(t, who, { session, name: 'a/1.dcm', id, bytes, chunk: 2_097_152 });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ complete: true });
    expect((await fileStates(t, who, session, id)).status).toBe(200);
    const row = await t.db
      .selectFrom('upload_sessions')
      .innerJoin('api_users', 'api_users.user_id', 'upload_sessions.user_id')
      .select('api_users.id')
      .where('upload_sessions.uuid', '=', session)
      .executeTakeFirst();
    expect(row?.id).toBe(user.id);
  });

  it('holds its role’s permissions only: a Viewer may not upload nor manage API users', async () => {
    const user = await newApiUser('Viewer');
    const { secret } = await newToken(user.id);
    expect((await t.call('POST', '/c-upload', { ...bearer(secret), body: { prepare: true } })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/api-users', bearer(secret))).status).toBe(403);
  });

  it('works for its own team only: another team’s header or host answers 404, no team at all too', async () => {
    const user = await newApiUser('Owner');
    const { secret } = await newToken(user.id);
    expect((await t.call('GET', '/studies-v2?page=1', bearer(secret, other.slug))).status).toBe(404);
    const byHost = await callAtHost(t, 'GET', '/studies-v2?page=1', {
      host: `${other.slug}.voxa.test`,
      token: secret,
    });
    expect(byHost.status).toBe(404);
    expect((await t.call('GET', '/studies-v2?page=1', { token: secret })).status).toBe(404);
    expect((await t.call('GET', `/studies-v2/${studyOther.id}`, bearer(secret))).status).toBe(404);
  });

  it('never reaches account or admin endpoints, even with the Owner role', async () => {
    const user = await newApiUser('Owner');
    const { secret } = await newToken(user.id);
    const me = await t.call('GET', '/permissions/get-permission', bearer(secret));
    expect(me.status).toBe(403);
    expect(me.body.message).toBe(API_USER_TEAM_ONLY);
    const password = await t.call('POST', '/teams', {
      ...bearer(secret),
      body: { title: 'Mine', slug: 'api-mine' },
    });
    expect(password.status).toBe(403);
    expect((await t.call('GET', '/admin/users', bearer(secret))).status).toBe(403);
  });

  it('stops working when revoked, when expired, and when its API user is deleted (401)', async () => {
    const user = await newApiUser('Viewer');
    const revoked = await newToken(user.id, { name: 'revoked' });
    const expiring = await newToken(user.id, {
      name: 'expiring',
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    const kept = await newToken(user.id, { name: 'kept' });
    for (const k of [revoked, expiring, kept])
      expect((await t.call('GET', '/studies-v2?page=1', bearer(k.secret))).status).toBe(200);

    expect((await t.call('DELETE', `/api-users/${user.id}/tokens/${revoked.token.id}`, as)).status).toBe(204);
    expect((await t.call('GET', '/studies-v2?page=1', bearer(revoked.secret))).status).toBe(401);
    // Revoking again changes nothing; another API user's token id answers 404.
    expect((await t.call('DELETE', `/api-users/${user.id}/tokens/${revoked.token.id}`, as)).status).toBe(204);
    const stranger = await newApiUser();
    expect((await t.call('DELETE', `/api-users/${stranger.id}/tokens/${kept.token.id}`, as)).status).toBe(
      404,
    );

    await t.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.token.id)
      .execute();
    expect((await t.call('GET', '/studies-v2?page=1', bearer(expiring.secret))).status).toBe(401);

    const detail = await t.call('GET', `/api-users/${user.id}`, as);
    const states = Object.fromEntries(
      detail.body.tokens.map((k: { name: string; state: string }) => [k.name, k.state]),
    );
    expect(states).toEqual({ revoked: 'revoked', expiring: 'expired', kept: 'active' });
    expect(detail.body.active_tokens).toBe(1);

    expect((await t.call('GET', '/studies-v2?page=1', bearer(kept.secret))).status).toBe(200);
    expect((await t.call('DELETE', `/api-users/${user.id}`, as)).status).toBe(204);
    expect((await t.call('GET', '/studies-v2?page=1', bearer(kept.secret))).status).toBe(401);
  });

  it('is refused as a cookie (a browser never carries one) and when unknown', async () => {
    const user = await newApiUser('Viewer');
    const { secret } = await newToken(user.id);
    const cookie = await t.call('GET', '/studies-v2?page=1', {
      team: team.slug,
      headers: { cookie: `${AUTH_COOKIE}=${secret}` },
    });
    expect(cookie.status).toBe(401);
    expect((await t.call('GET', '/studies-v2?page=1', bearer(`${API_TOKEN_PREFIX}unknown`))).status).toBe(
      401,
    );
  });
});
