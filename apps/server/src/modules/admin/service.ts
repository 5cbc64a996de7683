import type { Db } from '../../platform/db';
import { iso, isoOrNull } from '../common/time';

/** `%term%` for LIKE, with the term's own wildcards escaped. */
export function likePattern(term: string): string {
  return `%${term
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every user with their teams and role names; `search` filters name and e-mail case-insensitively. API
 * users' backing rows are no one's account (decision 0058): their team's /admin/api/users lists them.
 */
export async function listUsers(db: Db, search?: string) {
  let query = db
    .selectFrom('users')
    .selectAll()
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('api_users').select('api_users.id').whereRef('api_users.user_id', '=', 'users.id')),
      ),
    )
    .orderBy('name')
    .orderBy('id');
  if (search?.trim()) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([eb(eb.fn('lower', ['name']), 'like', pattern), eb(eb.fn('lower', ['email']), 'like', pattern)]),
    );
  }
  const users = await query.execute();
  if (users.length === 0) return [];
  const memberships = await db
    .selectFrom('team_users')
    .innerJoin('teams', 'teams.id', 'team_users.team_id')
    .innerJoin('roles', 'roles.id', 'team_users.role_id')
    .select(['team_users.user_id', 'teams.slug', 'teams.title', 'roles.name as role'])
    .where(
      'team_users.user_id',
      'in',
      users.map((u) => u.id),
    )
    .orderBy('teams.title')
    .execute();
  return users.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    is_admin: u.is_admin,
    email_verified_at: isoOrNull(u.email_verified_at),
    created_at: iso(u.created_at),
    teams: memberships
      .filter((m) => m.user_id === u.id)
      .map((m) => ({ slug: m.slug, title: m.title, role: m.role })),
  }));
}

/** Every team with its member count; `search` filters slug and title case-insensitively. */
export async function listTeams(db: Db, search?: string) {
  let query = db
    .selectFrom('teams')
    .leftJoin('team_users', 'team_users.team_id', 'teams.id')
    .select((eb) => [
      'teams.id',
      'teams.slug',
      'teams.title',
      'teams.created_at',
      eb.fn.count<string>('team_users.user_id').as('members_count'),
    ])
    .groupBy('teams.id')
    .orderBy('teams.slug');
  if (search?.trim()) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([eb('teams.slug', 'like', pattern), eb(eb.fn('lower', ['teams.title']), 'like', pattern)]),
    );
  }
  return (await query.execute()).map((t) => ({
    id: t.id,
    slug: t.slug,
    title: t.title,
    members_count: Number(t.members_count),
    created_at: iso(t.created_at),
  }));
}
