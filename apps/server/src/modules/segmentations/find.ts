import type { SegmentationAccess } from '@voxa/contracts';
import type { TeamContext } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { SegmentationRow } from '../../platform/db/schema';
import { segmentationAccess } from './access';

export type Access = SegmentationAccess & { read: boolean };

export interface FoundSegmentation {
  segmentation: SegmentationRow;
  series: { id: number; uuid: string; study_uuid: string };
  access: Access;
}

/**
 * The caller's access to a segmentation they may or may not be assigned to: one rule for every
 * segmentation endpoint (docs/decisions/0030).
 */
export async function accessTo(db: Db, ctx: TeamContext, segmentation: SegmentationRow): Promise<Access> {
  const assigned = segmentation.rbac_enabled
    ? await db
        .selectFrom('segmentation_users')
        .select('id')
        .where('segmentation_id', '=', segmentation.id)
        .where('user_id', '=', ctx.user.id)
        .where('role_id', '=', ctx.roleId)
        .executeTakeFirst()
    : undefined;
  return segmentationAccess({
    rbacEnabled: segmentation.rbac_enabled,
    permissions: ctx.permissions,
    isCreator: segmentation.user_id === ctx.user.id,
    isAssigned: assigned !== undefined,
  });
}

/**
 * A segmentation of the team's series `seriesUuid`, with the caller's access. Another team's id, or an id
 * of another series, answers 404 like a missing one; a member who may not even read it gets 403.
 */
export async function findSegmentation(
  db: Db,
  ctx: TeamContext,
  seriesUuid: string,
  segmentationId: number,
): Promise<FoundSegmentation> {
  return findWhere(db, ctx, segmentationId, seriesUuid);
}

/** The same, for the calls that name a segmentation by its id alone (role assignments). */
export async function findSegmentationById(
  db: Db,
  ctx: TeamContext,
  segmentationId: number,
): Promise<FoundSegmentation> {
  return findWhere(db, ctx, segmentationId);
}

async function findWhere(
  db: Db,
  ctx: TeamContext,
  segmentationId: number,
  seriesUuid?: string,
): Promise<FoundSegmentation> {
  let query = db
    .selectFrom('segmentations')
    .innerJoin('series', 'series.id', 'segmentations.series_id')
    .innerJoin('studies', 'studies.id', 'segmentations.study_id')
    .selectAll('segmentations')
    .select(['series.uuid as series_uuid', 'studies.uuid as study_uuid'])
    .where('segmentations.id', '=', segmentationId)
    .where('segmentations.team_id', '=', ctx.team.id);
  if (seriesUuid !== undefined) query = query.where('series.uuid', '=', seriesUuid);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Segmentation not found.');
  const { series_uuid, study_uuid, ...segmentation } = row;
  const access = await accessTo(db, ctx, segmentation);
  if (!access.read) throw forbidden();
  return { segmentation, series: { id: segmentation.series_id, uuid: series_uuid, study_uuid }, access };
}

/** Refuses (403) what the caller's access does not allow. */
export function requireAccess(access: Access, action: keyof SegmentationAccess): void {
  if (!access[action]) throw forbidden();
}
