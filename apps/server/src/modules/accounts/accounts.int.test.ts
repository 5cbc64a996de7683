import { AUTH_COOKIE } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const tokenFromMail = (t: TestApp, to: string) => {
  const mail = t.mails.filter((m) => m.to === to).at(-1);
  const match = mail?.text.match(/token=([\w%-]+)/);
  return match ? decodeURIComponent(match[1] ?? '') : '';
};

describe('accounts', () => {
  it('installs the first administrator once', async () => {
    expect((await t.call('GET', '/install')).body).toEqual({ installed: false });
    const first = await t.call('POST', '/install', {
      body: { name: 'Ada', email: 'ada@example.org', password: 'secret123' },
    });
    expect(first.status).toBe(201);
    expect(first.body.user).toMatchObject({ is_admin: true, email: 'ada@example.org' });
    expect(first.body.user.email_verified_at).not.toBeNull();
    const again = await t.call('POST', '/install', {
      body: { name: 'Eve', email: 'eve@example.org', password: 'secret123' },
    });
    expect(again.status).toBe(409);
  });

  it('registers, verifies through the e-mail link, and logs in and out', async () => {
    const reg = await t.call('POST', '/register', {
      body: { name: 'Bob', email: 'Bob@Example.org', password: 'secret123' },
    });
    expect(reg.status).toBe(201);
    expect(reg.body.user).toMatchObject({
      email: 'bob@example.org',
      email_verified_at: null,
      is_admin: false,
    });
    const token = tokenFromMail(t, 'bob@example.org');
    expect(token).not.toBe('');
    expect((await t.call('POST', '/email/verify', { body: { token } })).status).toBe(200);
    expect((await t.call('POST', '/email/verify', { body: { token } })).status).toBe(422);

    const login = await t.call('POST', '/login', {
      body: { email: 'bob@example.org', password: 'secret123' },
    });
    expect(login.status).toBe(200);
    const me = await t.call('GET', '/user', { token: login.body.token });
    expect(me.body.email_verified_at).not.toBeNull();
    expect((await t.call('POST', '/logout', { token: login.body.token })).status).toBe(204);
    expect((await t.call('GET', '/user', { token: login.body.token })).status).toBe(401);
  });

  it('refuses a taken e-mail and wrong credentials with field errors', async () => {
    const taken = await t.call('POST', '/register', {
      body: { name: 'Bob 2', email: 'bob@example.org', password: 'secret123' },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toBeDefined();
    const wrong = await t.call('POST', '/login', {
      body: { email: 'bob@example.org', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(422);
  });

  it('resets a password and revokes every session', async () => {
    const user = await buildUser(t);
    expect((await t.call('POST', '/forgot-password', { body: { email: user.email } })).status).toBe(200);
    expect((await t.call('POST', '/forgot-password', { body: { email: 'nobody@example.org' } })).status).toBe(
      200,
    );
    const token = tokenFromMail(t, user.email);
    const reset = await t.call('POST', '/reset-password', { body: { token, password: 'a-new-password' } });
    expect(reset.status).toBe(200);
    expect((await t.call('GET', '/user', { token: user.token })).status).toBe(401);
    const login = await t.call('POST', '/login', { body: { email: user.email, password: 'a-new-password' } });
    expect(login.status).toBe(200);
  });

  it('accepts the token from the auth cookie when no Authorization header is sent', async () => {
    const user = await buildUser(t);
    const res = await t.call('GET', '/user', { headers: { cookie: `${AUTH_COOKIE}=${user.token}` } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });

  it('carries a session to another sub-domain with a single-use handoff code', async () => {
    const user = await buildUser(t);
    const { body } = await t.call('POST', '/auth/handoff', { token: user.token });
    const redeemed = await t.call('POST', '/auth/handoff/redeem', { body: { code: body.code } });
    expect(redeemed.status).toBe(200);
    expect((await t.call('GET', '/user', { token: redeemed.body.token })).body.id).toBe(user.id);
    expect((await t.call('POST', '/auth/handoff/redeem', { body: { code: body.code } })).status).toBe(401);
    // Logging out on one sub-domain ends the whole session.
    await t.call('POST', '/logout', { token: redeemed.body.token });
    expect((await t.call('GET', '/user', { token: user.token })).status).toBe(401);
  });

  it('rate-limits login with a clear 429', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    try {
      const email = `limited-${Date.now()}@example.org`; // unique: with Redis the counter outlives this app
      const attempt = () => limited.call('POST', '/login', { body: { email, password: 'whatever1' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(422);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/Too many login attempts/);
    } finally {
      await limited.close();
    }
  });
});
