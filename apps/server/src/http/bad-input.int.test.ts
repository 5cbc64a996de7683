import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Bad input answers 4xx JSON `{message, errors?}` naming the field, never 500, and changes nothing. */

let t: TestApp;
let small: TestApp;
let user: TestUser;
let team: TestTeam;
beforeAll(async () => {
  [t, small] = await Promise.all([createTestApp(), createTestApp({ BODY_LIMIT: '1024' })]);
  user = await buildUser(t);
  team = await buildTeam(t, user);
});
afterAll(async () => Promise.all([t.close(), small.close()]));

const asOwner = () => ({ token: user.token, team: team.slug });

describe('bad input', () => {
  it.each([
    ['/register', {}],
    ['/teams', asOwner],
    ['/invitations/save-item', asOwner],
  ] as const)('answers 400 JSON to malformed JSON on %s', async (path, auth) => {
    const opts = typeof auth === 'function' ? auth() : auth;
    for (const raw of ['{"name": ', '{name: 1}', '[1,', 'null x']) {
      const res = await t.call('POST', path, { ...opts, raw });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it.each([
    ['/register', {}],
    ['/teams', asOwner],
    ['/label', asOwner],
  ] as const)('answers 400 to 100,000 levels of nesting on %s', async (path, auth) => {
    const opts = typeof auth === 'function' ? auth() : auth;
    const levels = 100_000;
    for (const raw of [
      '['.repeat(levels) + ']'.repeat(levels),
      '{"a":'.repeat(levels) + '1' + '}'.repeat(levels),
    ]) {
      const res = await t.call('POST', path, { ...opts, raw });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/nested too deeply/);
    }
  });

  it('answers 422 naming the field for wrong types', async () => {
    const reg = await t.call('POST', '/register', {
      body: { name: 42, email: 'x@example.org', password: 'secret123' },
    });
    expect(reg.status).toBe(422);
    expect(reg.body.errors.name).toBeDefined();

    const teams = await t.call('POST', '/teams', { ...asOwner(), body: { title: ['x'], slug: 'fine-slug' } });
    expect(teams.status).toBe(422);
    expect(teams.body.errors.title).toBeDefined();

    const invite = await t.call('POST', '/invitations/save-item', {
      ...asOwner(),
      body: { emails: [{ email: 'ok@example.org', role_id: 'owner' }], team_id: team.id },
    });
    expect(invite.status).toBe(422);
    expect(invite.body.errors['emails.0.role_id']).toBeDefined();

    const notAnEmail = await t.call('POST', '/invitations/save-item', {
      ...asOwner(),
      body: { emails: [{ email: 'not-an-email', role_id: team.roles.Member }], team_id: team.id },
    });
    expect(notAnEmail.status).toBe(422);
    expect(notAnEmail.body.errors['emails.0.email']).toBeDefined();

    const noRows = await t.call('POST', '/invitations/save-item', {
      ...asOwner(),
      body: { emails: 'a', team_id: team.id },
    });
    expect(noRows.status).toBe(422);
    expect(noRows.body.errors.emails).toBeDefined();

    const badParam = await t.call('PUT', '/team/roles/abc', { ...asOwner(), body: { permissions: [] } });
    expect(badParam.status).toBe(422);
    expect(badParam.body.errors.roleId).toBeDefined();

    const badPermission = await t.call('PUT', `/team/roles/${team.roles.Viewer}`, {
      ...asOwner(),
      body: { permissions: ['r:everything'] },
    });
    expect(badPermission.status).toBe(422);
    expect(badPermission.body.errors['permissions.0']).toBeDefined();
  });

  it('answers 422 naming unknown fields', async () => {
    const reg = await t.call('POST', '/register', {
      body: { name: 'X', email: 'unknown@example.org', password: 'secret123', is_admin: true },
    });
    expect(reg.status).toBe(422);
    expect(reg.body.errors.is_admin).toBeDefined();
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', 'unknown@example.org').execute(),
    ).toEqual([]);

    const teams = await t.call('POST', '/teams', {
      ...asOwner(),
      body: { title: 'X', slug: 'extra-field', owner_id: 1 },
    });
    expect(teams.status).toBe(422);
    expect(teams.body.errors.owner_id).toBeDefined();

    const invite = await t.call('POST', '/invitations/save-item', {
      ...asOwner(),
      body: {
        emails: [{ email: 'a@example.org', role_id: team.roles.Member, status: 'accept' }],
        team_id: team.id,
      },
    });
    expect(invite.status).toBe(422);
    expect(invite.body.errors['emails.0.status']).toBeDefined();
  });

  it('refuses a NUL character in any text, naming the field', async () => {
    const res = await t.call('POST', '/register', {
      body: { name: 'Ada\u0000', email: 'ada-nul@example.org', password: 'secret123' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: ['Text may not contain a NUL character.'] });
  });

  it('answers 413 JSON to a body over the limit', async () => {
    const owner = await buildUser(small);
    const ownTeam = await buildTeam(small, owner);
    const huge = 'x'.repeat(4096);
    const reg = await small.call('POST', '/register', {
      body: { name: huge, email: 'big@example.org', password: 'secret123' },
    });
    expect(reg.status).toBe(413);
    expect(typeof reg.body.message).toBe('string');
    const teams = await small.call('POST', '/teams', {
      token: owner.token,
      body: { title: huge, slug: 'big-team' },
    });
    expect(teams.status).toBe(413);
    const invite = await small.call('POST', '/invitations/save-item', {
      token: owner.token,
      team: ownTeam.slug,
      body: {
        emails: Array.from({ length: 100 }, (_, i) => ({ email: `p${i}@example.org`, role_id: 1 })),
        team_id: 1,
      },
    });
    expect(invite.status).toBe(413);
  });

  it('never answers 500 to odd requests', async () => {
    const odd = [
      t.call('POST', '/teams', { ...asOwner(), raw: '' }),
      t.call('POST', '/teams', { ...asOwner(), raw: '"a string"' }),
      t.call('POST', '/teams', { ...asOwner(), body: { title: 'x', slug: 'a'.repeat(10_000) } }),
      t.call('POST', '/teams', {
        ...asOwner(),
        raw: 'title=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      t.call('POST', '/invitations/save-item', { ...asOwner(), body: { emails: [], team_id: -1 } }),
      t.call('POST', '/invitations/status', { ...asOwner(), body: { id: 99999999999, status: 'accept' } }),
      t.call('GET', '/teams/check-slug', asOwner()),
      t.call('GET', `/teams/${'x'.repeat(500)}`, asOwner()),
      t.call('PUT', '/team/users/0', { ...asOwner(), body: { role_id: 1 } }),
      t.call('POST', '/log?app=web&type=route', asOwner()),
      t.call('POST', '/log?app=web&type=route&path=%2F%00x&data=%00', asOwner()),
      t.call('POST', '/teams', { ...asOwner(), body: { title: 'nul\u0000title', slug: 'nul-title' } }),
      t.call('GET', '/teams/check-slug?slug=a%00b', asOwner()),
      t.call('POST', '/register', {
        body: { name: 'A\u0000', email: 'nul@example.org', password: 'secret123' },
      }),
      t.call('PUT', '/user', { ...asOwner(), body: { name: 'A\u0000' } }),
      t.call('GET', '/admin/users?search=%00', asOwner()),
    ];
    for (const [i, res] of (await Promise.all(odd)).entries()) {
      expect(res.status, `request ${i}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `request ${i}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
  });
});
