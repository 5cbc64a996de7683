import { MESSAGES } from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Login limits (decision 0028); with REDIS_URL set the counters live in Redis, else in memory. */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const signIn = (t: TestApp, email: string, password: string, forwardedFor?: string) =>
  t.call('POST', '/login', {
    body: { email, password },
    ...(forwardedFor && { headers: { 'x-forwarded-for': forwardedFor } }),
  });

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(async () => t.close());

  it('ignores X-Forwarded-For, so forging it does not reset the limit', async () => {
    const email = `forged-${unique()}@example.org`;
    for (let i = 0; i < 3; i++) expect((await signIn(t, email, 'wrong-password')).status).toBe(422);
    for (let i = 0; i < 30; i++) {
      const res = await signIn(t, email, 'wrong-password', `203.0.113.${i + 1}`);
      expect(res).toMatchObject({ status: 429, body: { message: MESSAGES.tooManyLogins } });
    }
  });

  it('counts an address in any letter case as the same account', async () => {
    const email = `cased-${unique()}@example.org`;
    for (let i = 0; i < 3; i++) expect((await signIn(t, email, 'wrong-password')).status).toBe(422);
    expect((await signIn(t, email.toUpperCase(), 'wrong-password')).status).toBe(429);
  });
});

describe('behind a trusted proxy', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', LOGIN_RATE_LIMIT: '3', LOGIN_ACCOUNT_LIMIT: '5' });
    user = await buildUser(t, { email: `owner-${unique()}@example.org` });
  });
  afterAll(async () => t.close());

  it('limits each client address the proxy names', async () => {
    const email = `proxied-${unique()}@example.org`;
    for (let i = 0; i < 3; i++) expect((await signIn(t, email, 'wrong', '198.51.100.1')).status).toBe(422);
    expect((await signIn(t, email, 'wrong', '198.51.100.1')).status).toBe(429);
    expect((await signIn(t, email, 'wrong', '198.51.100.2')).status).toBe(422);
  });

  it('limits an account across addresses, but never at an address it signed in from', async () => {
    const home = '192.0.2.10';
    expect((await signIn(t, user.email, user.password, home)).status).toBe(200);
    // The owner's sign-in counted once; four guesses from four addresses fill the window of five.
    for (let i = 1; i <= 4; i++)
      expect((await signIn(t, user.email, 'guess', `203.0.113.${i}`)).status).toBe(422);
    const locked = await signIn(t, user.email, 'guess', '203.0.113.5');
    expect(locked).toMatchObject({ status: 429, body: { message: MESSAGES.tooManyAccountLogins } });
    // Even the right password from a new address waits for the window...
    expect((await signIn(t, user.email, user.password, '203.0.113.6')).status).toBe(429);
    // ...but the owner still signs in from home, and wrong guesses there are only limited per address.
    expect((await signIn(t, user.email, user.password, home)).status).toBe(200);
    expect((await signIn(t, user.email, 'typo', home)).status).toBe(422);
  });
});
