import type { Team } from '@voxa/contracts';
import type { Db } from '../../platform/db';

/** The teams of a user (or the one named by `onlySlug`), each with its members, as User and Team answers carry them. */
export async function presentTeamsOf(
  db: Db,
  userId: number,
  preferredTeamId: number | null,
  onlySlug?: string,
): Promise<Team[]> {
  let query = db
    .selectFrom('teams')
    .innerJoin('team_users', 'team_users.team_id', 'teams.id')
    .select(['teams.id', 'teams.slug', 'teams.title', 'teams.data'])
    .where('team_users.user_id', '=', userId);
  if (onlySlug !== undefined) query = query.where('teams.slug', '=', onlySlug.trim().toLowerCase());
  const teams = await query.orderBy('teams.title').execute();
  if (teams.length === 0) return [];
  const members = await db
    .selectFrom('team_users')
    .innerJoin('users', 'users.id', 'team_users.user_id')
    .select(['team_users.team_id', 'users.id', 'users.name', 'users.data'])
    .where(
      'team_users.team_id',
      'in',
      teams.map((t) => t.id),
    )
    .orderBy('users.name')
    .execute();
  return teams.map((t) => ({
    id: t.id,
    slug: t.slug,
    title: t.title,
    data: { color: t.data.color },
    preferred: t.id === preferredTeamId,
    users: members
      .filter((m) => m.team_id === t.id)
      .map((m) => ({ id: m.id, name: m.name, data: { color: m.data.color } })),
  }));
}
