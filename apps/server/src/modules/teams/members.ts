import type { TeamMember } from '@voxa/contracts';
import type { Deps } from '../../deps';
import { forbidden, notFound } from '../../http/errors';
import type { TeamContext } from '../../http/context';
import type { Db } from '../../platform/db';
import { iso } from '../common/time';
import { bumpPermissionVersion } from '../permissions/service';
import { assertKeepsRoleEditor, withMemberRole, withoutMember } from '../roles/policy';
import { findRole, withTeamLock } from '../roles/service';

/** Members of a team with their roles, by name; or one member when `userId` is given. */
export async function listMembers(db: Db, teamId: number, userId?: number): Promise<TeamMember[]> {
  let query = db
    .selectFrom('team_users')
    .innerJoin('users', 'users.id', 'team_users.user_id')
    .innerJoin('roles', 'roles.id', 'team_users.role_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.data',
      'roles.id as role_id',
      'roles.name as role_name',
      'team_users.created_at',
    ])
    .where('team_users.team_id', '=', teamId);
  if (userId !== undefined) query = query.where('team_users.user_id', '=', userId);
  const rows = await query.orderBy('users.name').orderBy('users.id').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    data: { color: r.data.color },
    role: { id: r.role_id, name: r.role_name },
    joined_at: iso(r.created_at),
  }));
}

/** Gives a member another role of the same team; the team keeps someone who may edit roles. */
export async function changeMemberRole(
  deps: Pick<Deps, 'db' | 'realtime'>,
  teamId: number,
  userId: number,
  roleId: number,
): Promise<TeamMember> {
  const role = await findRole(deps.db, roleId, teamId);
  await withTeamLock(deps.db, teamId, async (trx, members) => {
    if (!members.some((m) => m.userId === userId)) throw notFound('Member not found.');
    assertKeepsRoleEditor(members, withMemberRole(members, userId, role), 'role_id');
    await trx
      .updateTable('team_users')
      .set({ role_id: role.id })
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .execute();
  });
  await bumpPermissionVersion(deps, [userId]);
  const [member] = await listMembers(deps.db, teamId, userId);
  if (!member) throw notFound('Member not found.');
  return member;
}

/**
 * Removes a member. Removing someone who may edit roles takes r:roles oneself, and the team keeps at
 * least one such member.
 */
export async function removeMember(
  deps: Pick<Deps, 'db' | 'realtime'>,
  ctx: Pick<TeamContext, 'team' | 'permissions'>,
  userId: number,
): Promise<void> {
  await withTeamLock(deps.db, ctx.team.id, async (trx, members) => {
    const member = members.find((m) => m.userId === userId);
    if (!member) throw notFound('Member not found.');
    if (member.permissions.includes('r:roles') && !ctx.permissions.includes('r:roles')) throw forbidden();
    assertKeepsRoleEditor(members, withoutMember(members, userId), 'user_id');
    await trx
      .deleteFrom('team_users')
      .where('team_id', '=', ctx.team.id)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('users')
      .set({ preferred_team_id: null })
      .where('id', '=', userId)
      .where('preferred_team_id', '=', ctx.team.id)
      .execute();
  });
  await bumpPermissionVersion(deps, [userId]);
}
