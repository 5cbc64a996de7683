import type { Permission, Role } from '@voxa/contracts';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { RoleRow } from '../../platform/db/schema';
import { bumpPermissionVersion } from '../permissions/service';
import {
  assertKeepsRoleEditor,
  assignablePermissions,
  withRolePermissions,
  type MemberGrant,
} from './policy';

/** Every member of a team with their role's permissions (the input of the role-editor rule). */
export async function memberGrants(db: Db, teamId: number): Promise<MemberGrant[]> {
  const rows = await db
    .selectFrom('team_users')
    .innerJoin('roles', 'roles.id', 'team_users.role_id')
    .select(['team_users.user_id', 'team_users.role_id', 'roles.permissions'])
    .where('team_users.team_id', '=', teamId)
    .execute();
  return rows.map((r) => ({ userId: r.user_id, roleId: r.role_id, permissions: r.permissions }));
}

/**
 * Runs a change to a team's roles or memberships in a transaction holding the team row, with the members
 * as they are under that lock: two concurrent changes cannot each leave the other as the last role editor.
 */
export async function withTeamLock<T>(
  db: Db,
  teamId: number,
  change: (trx: Db, members: MemberGrant[]) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('teams').select('id').where('id', '=', teamId).forUpdate().execute();
    return change(trx, await memberGrants(trx, teamId));
  });
}

/** A role by id, limited to one team when `teamId` is given; 404 otherwise. */
export async function findRole(db: Db, roleId: number, teamId?: number): Promise<RoleRow> {
  let query = db.selectFrom('roles').selectAll().where('id', '=', roleId);
  if (teamId !== undefined) query = query.where('team_id', '=', teamId);
  const role = await query.executeTakeFirst();
  if (!role) throw notFound('Role not found.');
  return role;
}

/** Roles with their member counts, of one team or of all; least privileged first, ties by age. */
export async function listRoles(db: Db, teamId?: number) {
  let query = db
    .selectFrom('roles')
    .innerJoin('teams', 'teams.id', 'roles.team_id')
    .leftJoin('team_users', 'team_users.role_id', 'roles.id')
    .select((eb) => [
      'roles.id',
      'roles.team_id',
      'roles.name',
      'roles.permissions',
      'roles.is_default',
      'teams.slug as team_slug',
      'teams.title as team_title',
      eb.fn.count<string>('team_users.user_id').as('members_count'),
    ])
    .groupBy(['roles.id', 'teams.id']);
  if (teamId !== undefined) query = query.where('roles.team_id', '=', teamId);
  const rows = await query
    .orderBy('teams.slug')
    .orderBy((eb) => eb.fn('cardinality', ['roles.permissions']))
    .orderBy('roles.id')
    .execute();
  return rows.map((r) => ({
    ...presentRole(r, Number(r.members_count)),
    team: { slug: r.team_slug, title: r.team_title },
  }));
}

export function presentRole(
  r: Pick<RoleRow, 'id' | 'team_id' | 'name' | 'permissions' | 'is_default'>,
  membersCount: number,
): Role {
  return {
    id: r.id,
    team_id: r.team_id,
    name: r.name,
    permissions: r.permissions as Permission[],
    is_default: r.is_default,
    members_count: membersCount,
  };
}

/**
 * Replaces a role's permissions: never `admin`, never leaving the team without a member who may edit
 * roles. Every holder of the role gets a new permission version.
 */
export async function updateRolePermissions(
  deps: Pick<Deps, 'db' | 'realtime'>,
  role: RoleRow,
  requested: readonly Permission[],
) {
  const permissions = assignablePermissions(requested);
  const holders = await withTeamLock(deps.db, role.team_id, async (trx, members) => {
    assertKeepsRoleEditor(members, withRolePermissions(members, role.id, permissions), 'permissions');
    await trx.updateTable('roles').set({ permissions }).where('id', '=', role.id).execute();
    return members.filter((m) => m.roleId === role.id).map((m) => m.userId);
  });
  await bumpPermissionVersion(deps, holders);
  const [updated] = (await listRoles(deps.db, role.team_id)).filter((r) => r.id === role.id);
  if (!updated) throw notFound('Role not found.');
  return updated;
}
