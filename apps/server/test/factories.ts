import { createUser } from '../src/modules/accounts/service';
import { issueToken } from '../src/modules/accounts/sessions';
import type { TestApp } from './test-app';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
}

/** A verified user with a token, made directly in the database (no login, no rate limit). */
export async function buildUser(
  t: TestApp,
  opts: { name?: string; email?: string; admin?: boolean; verified?: boolean } = {},
): Promise<TestUser> {
  const email = opts.email ?? `user-${unique()}@example.org`;
  const password = 'correct horse battery';
  const user = await createUser(t, {
    name: opts.name ?? 'Test User',
    email,
    password,
    isAdmin: opts.admin ?? false,
    verified: opts.verified ?? true,
  });
  const { token } = await issueToken(t.db, user.id, { ttlDays: 1 });
  return { id: user.id, email, password, token };
}

export const uniqueSlug = () => `team-${unique()}`;
