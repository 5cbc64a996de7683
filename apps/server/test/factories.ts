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

export interface TestTeam {
  id: number;
  slug: string;
  /** Role ids by name: the seeded Owner, Member, Annotator, Viewer, and any added with buildRole. */
  roles: Record<'Owner' | 'Member' | 'Annotator' | 'Viewer', number> & Record<string, number>;
}

/** A team created through the API by `owner`, who becomes its Owner. */
export async function buildTeam(t: TestApp, owner: TestUser, opts: { slug?: string; title?: string } = {}) {
  const slug = opts.slug ?? uniqueSlug();
  const res = await t.call('POST', '/teams', {
    token: owner.token,
    body: { title: opts.title ?? slug, slug },
  });
  if (res.status !== 201) throw new Error(`team not created: ${res.status} ${JSON.stringify(res.body)}`);
  const roles = await t.db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('team_id', '=', res.body.id)
    .execute();
  return { id: res.body.id, slug, roles: Object.fromEntries(roles.map((r) => [r.name, r.id])) } as TestTeam;
}

/** Puts a user into a team with a role, directly in the database. */
export async function addMember(
  t: TestApp,
  team: TestTeam,
  user: TestUser,
  roleName = 'Member',
): Promise<void> {
  const roleId = team.roles[roleName];
  if (roleId === undefined) throw new Error(`no role ${roleName}`);
  await t.db
    .insertInto('team_users')
    .values({ team_id: team.id, user_id: user.id, role_id: roleId })
    .execute();
}

/** Adds a role with the given permissions to a team (none by default), directly in the database. */
export async function buildRole(t: TestApp, team: TestTeam, name: string, permissions: string[] = []) {
  const role = await t.db
    .insertInto('roles')
    .values({ team_id: team.id, name, permissions })
    .returning('id')
    .executeTakeFirstOrThrow();
  team.roles[name] = role.id;
  return role.id;
}

/** A user who is a member of `team` with the role named. */
export async function buildMember(
  t: TestApp,
  team: TestTeam,
  roleName = 'Member',
  opts: Parameters<typeof buildUser>[1] = {},
) {
  const user = await buildUser(t, opts);
  await addMember(t, team, user, roleName);
  return user;
}

export async function permissionVersion(t: TestApp, userId: number): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('permission_version')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.permission_version;
}
