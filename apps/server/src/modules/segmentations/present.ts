import type { Permission, Segment, Segmentation, SegmentationUser } from '@voxa/contracts';
import type { TeamContext } from '../../http/context';
import type { Db } from '../../platform/db';
import type { SegmentRow } from '../../platform/db/schema';
import { iso, isoOrNull } from '../common/time';
import { isAssignableRole, segmentationAccess } from './access';
import { membersOf, teamMembers } from './members';
import { reviewersOf } from './reviewers';

export function presentSegment(row: SegmentRow): Segment {
  return {
    id: row.id,
    sort: row.sort,
    title: row.title,
    segmentation_id: row.segmentation_id,
    color: row.color,
    value: row.value,
    visible: row.visible,
    revision: row.revision,
    obj_revision: row.obj_revision,
    obj_valid: row.obj_valid,
    obj_in_progress: row.obj_in_progress,
    deleted_at: isoOrNull(row.deleted_at),
  };
}

/** Role assignments with the assigned user's name and e-mail. */
export function assignmentsQuery(db: Db, teamId: number) {
  return db
    .selectFrom('segmentation_users')
    .innerJoin('users', 'users.id', 'segmentation_users.user_id')
    .select([
      'segmentation_users.id',
      'segmentation_users.segmentation_id',
      'segmentation_users.user_id',
      'segmentation_users.role_id',
      'users.name',
      'users.email',
    ])
    .where('segmentation_users.team_id', '=', teamId)
    .orderBy('users.name')
    .orderBy('segmentation_users.id');
}

/** The team's segmentations joined to their series, structure and creator (no columns chosen yet). */
export function segmentationsFrom(db: Db, teamId: number) {
  return db
    .selectFrom('segmentations')
    .innerJoin('series', 'series.id', 'segmentations.series_id')
    .innerJoin('structures', 'structures.id', 'segmentations.structure_id')
    .leftJoin('structure_categories', 'structure_categories.id', 'structures.category_id')
    .leftJoin('users', 'users.id', 'segmentations.user_id')
    .where('segmentations.team_id', '=', teamId);
}

export type SegmentationsFrom = ReturnType<typeof segmentationsFrom>;

/** The columns a presented segmentation is made of. */
export function segmentationColumns<Q extends SegmentationsFrom>(query: Q) {
  return query.select([
    'segmentations.id',
    'segmentations.study_id',
    'segmentations.series_id',
    'segmentations.user_id',
    'segmentations.rbac_enabled',
    'segmentations.mask_revision',
    'segmentations.created_at',
    'segmentations.updated_at',
    'series.uuid as series_uuid',
    'structures.title as structure_title',
    'structures.slug as structure_slug',
    'structure_categories.id as category_id',
    'structure_categories.title as category_title',
    'structure_categories.slug as category_slug',
    'users.name as user_name',
  ]);
}

/** The team's segmentations with the columns they are presented from (no rows chosen yet). */
export const segmentationsQuery = (db: Db, teamId: number) =>
  segmentationColumns(segmentationsFrom(db, teamId));

export type SegmentationListRow = Awaited<
  ReturnType<ReturnType<typeof segmentationsQuery>['execute']>
>[number];

/**
 * Segmentations as the API shows them, in the order of `rows`, with their live segments, role boxes, what
 * the caller may do and who may review them: five queries whatever the number of rows (segments,
 * assignments, roles, the team's members, pending reviews).
 */
export async function presentSegmentations(
  db: Db,
  ctx: TeamContext,
  rows: readonly SegmentationListRow[],
): Promise<Segmentation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [segments, assignments, roles, members, pending] = await Promise.all([
    db
      .selectFrom('segments')
      .selectAll()
      .where('segmentation_id', 'in', ids)
      .where('deleted_at', 'is', null)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    assignmentsQuery(db, ctx.team.id).where('segmentation_users.segmentation_id', 'in', ids).execute(),
    rows.some((r) => r.rbac_enabled) ? assignableRoleIds(db, ctx.team.id) : Promise.resolve([]),
    teamMembers(db, ctx.team.id),
    db
      .selectFrom('reviews')
      .select(['segmentation_id', 'submitted_by'])
      .where('segmentation_id', 'in', ids)
      .where('state', '=', 'pending')
      .execute(),
  ]);
  return rows.map((row) => {
    const own = assignments.filter((a) => a.segmentation_id === row.id);
    const access = segmentationAccess({
      rbacEnabled: row.rbac_enabled,
      permissions: ctx.permissions,
      isCreator: row.user_id === ctx.user.id,
      // Only the box of the role the caller holds now counts (docs/decisions/0030).
      isAssigned: own.some((a) => a.user_id === ctx.user.id && a.role_id === ctx.roleId),
    });
    // The round's author: who submitted the pending one, else the caller if they may submit it.
    const submitted = pending.find((p) => p.segmentation_id === row.id);
    const author = submitted ? submitted.submitted_by : access.edit ? ctx.user.id : null;
    const { reviewers, nobodyReviews } = reviewersOf(membersOf(row, members, own), author);
    return {
      id: row.id,
      study_id: row.study_id,
      series_id: row.series_id,
      series_uuid: row.series_uuid,
      structure: {
        title: row.structure_title,
        slug: row.structure_slug,
        category:
          row.category_id === null || row.category_title === null || row.category_slug === null
            ? null
            : { id: row.category_id, title: row.category_title, slug: row.category_slug },
      },
      user_name: row.user_name,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      rbac_enabled: row.rbac_enabled,
      mask_revision: row.mask_revision,
      segments: segments.filter((s) => s.segmentation_id === row.id).map(presentSegment),
      roles: row.rbac_enabled ? roleBoxes(roles, own) : {},
      can: { edit: access.edit, review: access.review, delete: access.delete, assign: access.assign },
      reviewers: reviewers.map((m) => m.name),
      nobody_reviews: nobodyReviews,
    };
  });
}

/** A shared segmentation shows a box per assignable role, empty or not, and one per role still assigned. */
function roleBoxes(
  assignable: readonly number[],
  assigned: readonly SegmentationUser[],
): Record<string, SegmentationUser[]> {
  const boxes: Record<string, SegmentationUser[]> = {};
  for (const id of assignable) boxes[String(id)] = [];
  for (const a of assigned) (boxes[String(a.role_id)] ??= []).push(a);
  return boxes;
}

/** Ids of the team's roles that can be given a box, by id. */
async function assignableRoleIds(db: Db, teamId: number): Promise<number[]> {
  return (await assignableRoles(db, teamId)).map((r) => r.id);
}

/** The team's roles whose holders may change or review a segmentation, by id. */
export async function assignableRoles(db: Db, teamId: number): Promise<{ id: number; name: string }[]> {
  const roles = await db
    .selectFrom('roles')
    .select(['id', 'name', 'permissions'])
    .where('team_id', '=', teamId)
    .orderBy('id')
    .execute();
  return roles
    .filter((r) => isAssignableRole(r.permissions as Permission[]))
    .map((r) => ({ id: r.id, name: r.name }));
}

/** The team's segmentations of these ids, presented, in the order asked. */
export async function segmentationsByIds(db: Db, ctx: TeamContext, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await segmentationsQuery(db, ctx.team.id).where('segmentations.id', 'in', ids).execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return presentSegmentations(db, ctx, rows);
}
