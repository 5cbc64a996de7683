import type { SegmentationUser } from '@voxa/contracts';
import type { TeamContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import { findSegmentationById, requireAccess, type FoundSegmentation } from './find';
import { assignableRoles, assignmentsQuery } from './present';

export const NOT_SHARED = 'This segmentation is not shared: it has no roles to assign users to.';
export const ROLE_NOT_ASSIGNABLE = 'Users of this role may neither change nor review segmentations.';
export const USER_LACKS_ROLE = 'The user does not hold this role in the team.';

/** GET /segmentations/assigned-users-to-serie/{uuid}: every box's users on the series' segmentations. */
export async function assignedToSeries(
  db: Db,
  teamId: number,
  seriesUuid: string,
): Promise<SegmentationUser[]> {
  const series = await db
    .selectFrom('series')
    .select('id')
    .where('uuid', '=', seriesUuid)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!series) throw notFound('Series not found.');
  return assignmentsQuery(db, teamId)
    .innerJoin('segmentations', 'segmentations.id', 'segmentation_users.segmentation_id')
    .where('segmentations.series_id', '=', series.id)
    .execute();
}

/** Refuses a segmentation that is not shared (422), or one the caller may not assign on (403). */
function requireAssigning(found: FoundSegmentation): void {
  if (!found.segmentation.rbac_enabled) throw unprocessable(NOT_SHARED, { segmentation_id: [NOT_SHARED] });
  requireAccess(found.access, 'assign');
}

/** The caller assigns on the segmentation, and the role is one of the team's that gets a box. */
async function requireBox(db: Db, ctx: TeamContext, found: FoundSegmentation, roleId: number) {
  requireAssigning(found);
  const role = (await assignableRoles(db, ctx.team.id)).find((r) => r.id === roleId);
  if (!role) {
    const exists = await db
      .selectFrom('roles')
      .select('id')
      .where('id', '=', roleId)
      .where('team_id', '=', ctx.team.id)
      .executeTakeFirst();
    if (!exists) throw notFound('Role not found.');
    throw unprocessable(ROLE_NOT_ASSIGNABLE, { role_id: [ROLE_NOT_ASSIGNABLE] });
  }
}

/** Team members holding the role who are not in the role's box of the segmentation yet, by name. */
function candidates(db: Db, teamId: number, found: FoundSegmentation, roleId: number) {
  return db
    .selectFrom('team_users')
    .innerJoin('users', 'users.id', 'team_users.user_id')
    .select(['users.id', 'users.name', 'users.email'])
    .where('team_users.team_id', '=', teamId)
    .where('team_users.role_id', '=', roleId)
    .where('users.id', 'not in', (eb) =>
      eb
        .selectFrom('segmentation_users')
        .select('segmentation_users.user_id')
        .where('segmentation_users.segmentation_id', '=', found.segmentation.id)
        .where('segmentation_users.role_id', '=', roleId),
    );
}

/**
 * GET /segmentations/available-users/{team_id}/{serie_id}/{segmentation_id}/{role_id} (teams-and-account.md
 * 5): every id in the path must be the team's and agree with the others, else 404.
 */
export async function availableUsers(
  db: Db,
  ctx: TeamContext,
  params: { team_id: number; serie_id: number; segmentation_id: number; role_id: number },
) {
  if (params.team_id !== ctx.team.id) throw notFound('Team not found.');
  const found = await findSegmentationById(db, ctx, params.segmentation_id);
  if (found.series.id !== params.serie_id) throw notFound('Segmentation not found.');
  await requireBox(db, ctx, found, params.role_id);
  return candidates(db, ctx.team.id, found, params.role_id)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

/** POST /segmentations/add-user-to-segmentation: assigning twice answers the one assignment. */
export async function addUser(
  db: Db,
  ctx: TeamContext,
  body: { segmentation_id: number; user_id: number; role_id: number },
): Promise<SegmentationUser> {
  const found = await findSegmentationById(db, ctx, body.segmentation_id);
  await requireBox(db, ctx, found, body.role_id);
  const member = await db
    .selectFrom('team_users')
    .select('role_id')
    .where('team_id', '=', ctx.team.id)
    .where('user_id', '=', body.user_id)
    .executeTakeFirst();
  if (!member) throw notFound('User not found.');
  // The spec offers only team users who hold the chosen role (section 5).
  if (member.role_id !== body.role_id) throw unprocessable(USER_LACKS_ROLE, { user_id: [USER_LACKS_ROLE] });
  await db
    .insertInto('segmentation_users')
    .values({
      segmentation_id: found.segmentation.id,
      team_id: ctx.team.id,
      user_id: body.user_id,
      role_id: body.role_id,
    })
    .onConflict((oc) => oc.columns(['segmentation_id', 'user_id', 'role_id']).doNothing())
    .execute();
  return assignmentsQuery(db, ctx.team.id)
    .where('segmentation_users.segmentation_id', '=', found.segmentation.id)
    .where('segmentation_users.user_id', '=', body.user_id)
    .where('segmentation_users.role_id', '=', body.role_id)
    .executeTakeFirstOrThrow();
}

/** DELETE /segmentations/unassign-user-from-segmentation/{segmentationId}/{userId}/{roleId}. */
export async function removeUser(
  db: Db,
  ctx: TeamContext,
  params: { segmentationId: number; userId: number; roleId: number },
): Promise<void> {
  const found = await findSegmentationById(db, ctx, params.segmentationId);
  requireAssigning(found);
  const removed = await db
    .deleteFrom('segmentation_users')
    .where('segmentation_id', '=', found.segmentation.id)
    .where('user_id', '=', params.userId)
    .where('role_id', '=', params.roleId)
    .executeTakeFirst();
  if (removed.numDeletedRows === 0n) throw notFound('Assignment not found.');
}
