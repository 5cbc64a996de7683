import type { Permission } from '@voxa/contracts';
import type { TeamContext } from '../../http/context';
import type { Db } from '../../platform/db';
import type { AeTeam } from './ae-policy';

/** Every team as the AE-title policy sees it: none listed, any calling AE title (docs/decisions/0068). */
export async function aeTeams(db: Db): Promise<AeTeam[]> {
  const teams = await db.selectFrom('teams').select(['id', 'slug']).execute();
  const allowed = await db.selectFrom('dimse_calling_aes').select(['team_id', 'ae_title']).execute();
  return teams.map((t) => {
    const titles = allowed.filter((a) => a.team_id === t.id).map((a) => a.ae_title);
    return { id: t.id, slug: t.slug, allowedCallingAes: titles.length > 0 ? titles : null };
  });
}

/**
 * Whom the team's received instances are stored as: its creator while a member, else its longest-standing
 * member (a store has no signed-in person; the upload session and study need one). Null: no member.
 */
export async function receiverContext(db: Db, teamId: number): Promise<TeamContext | null> {
  const team = await db
    .selectFrom('teams')
    .select(['id', 'slug', 'title', 'created_by'])
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) return null;
  const member = await db
    .selectFrom('team_users')
    .innerJoin('users', 'users.id', 'team_users.user_id')
    .innerJoin('roles', 'roles.id', 'team_users.role_id')
    .selectAll('users')
    .select(['team_users.role_id', 'roles.permissions'])
    .where('team_users.team_id', '=', teamId)
    .orderBy((eb) => eb.case().when('users.id', '=', team.created_by).then(0).else(1).end())
    .orderBy('team_users.created_at')
    .executeTakeFirst();
  if (!member) return null;
  const { role_id: roleId, permissions, ...user } = member;
  return {
    user,
    tokenId: null,
    impersonatorId: null,
    team: { id: team.id, slug: team.slug, title: team.title },
    roleId,
    permissions: permissions as Permission[],
    worker: null,
    xrWorker: null,
    apiUserId: null,
  };
}
