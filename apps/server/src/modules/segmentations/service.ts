import type { Segment, Segmentation } from '@voxa/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import { segmentationKey } from '../../platform/storage/layout';
import { seriesFolder } from '../studies/series-data';
import { structureBySlug } from '../structures/find';
import { findSegmentation, requireAccess, type FoundSegmentation } from './find';
import { presentSegment, segmentationsByIds } from './present';
import { nextSegment } from './segment-rules';
import { seriesWithStudy } from '../studies/series';

export const NOT_CONVERTED = 'Only a converted series can be segmented: this one is not converted yet.';

/** The team's series by uuid, with its study; another team's answers 404 like a missing one. */
async function findSeries(db: Db, teamId: number, uuid: string) {
  const series = await seriesWithStudy(db, teamId).where('series.uuid', '=', uuid).executeTakeFirst();
  if (!series) throw notFound('Series not found.');
  return series;
}

async function presentOne(db: Db, ctx: TeamContext, id: number): Promise<Segmentation> {
  const [segmentation] = await segmentationsByIds(db, ctx, [id]);
  if (!segmentation) throw notFound('Segmentation not found.');
  return segmentation;
}

/** POST /annotator/segmentations/{uuid}: a segmentation of a converted series for a structure. */
export async function createSegmentation(
  db: Db,
  ctx: TeamContext,
  seriesUuid: string,
  body: { structure: string; rbac?: boolean | undefined },
): Promise<Segmentation> {
  const series = await findSeries(db, ctx.team.id, seriesUuid);
  // The mask is made on the series' NIfTI voxel grid, which only a converted series has.
  if (series.status !== 'done') throw conflict(NOT_CONVERTED);
  const structure = await structureBySlug(db, ctx.team.id, body.structure);
  const id = await insertSegmentation(db, {
    teamId: ctx.team.id,
    series,
    structureId: structure.id,
    userId: ctx.user.id,
    rbac: body.rbac ?? false,
  });
  return presentOne(db, ctx, id);
}

/** The segmentation's row, nothing checked: its callers have found the series and the structure. */
export async function insertSegmentation(
  db: Db,
  s: {
    teamId: number;
    series: { id: number; study_id: number };
    structureId: number;
    userId: number;
    rbac: boolean;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('segmentations')
    .values({
      team_id: s.teamId,
      study_id: s.series.study_id,
      series_id: s.series.id,
      structure_id: s.structureId,
      user_id: s.userId,
      rbac_enabled: s.rbac,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** DELETE /annotator/segmentations/{uuid}/{id}: the rows (segments, revisions, boxes cascade), then the masks. */
export async function removeSegmentation(
  deps: Pick<Deps, 'db' | 'storage'>,
  ctx: TeamContext,
  seriesUuid: string,
  segmentationId: number,
): Promise<void> {
  const found = await findSegmentation(deps.db, ctx, seriesUuid, segmentationId);
  requireAccess(found.access, 'delete');
  const series = await findSeries(deps.db, ctx.team.id, seriesUuid);
  await deps.db.deleteFrom('segmentations').where('id', '=', found.segmentation.id).execute();
  // Rows first: a failure between the two leaves files nobody lists, never a segmentation without its mask.
  await deps.storage.remove(segmentationKey(seriesFolder(series, series.study_uuid), found.segmentation.id));
}

/** A found segmentation the caller may change: the segment endpoints' one check. */
async function editable(db: Db, ctx: TeamContext, seriesUuid: string, segmentationId: number) {
  const found = await findSegmentation(db, ctx, seriesUuid, segmentationId);
  requireAccess(found.access, 'edit');
  return found;
}

const touch = (db: Db, found: FoundSegmentation) =>
  db
    .updateTable('segmentations')
    .set({ updated_at: new Date() })
    .where('id', '=', found.segmentation.id)
    .execute();

/**
 * POST /annotator/segment/create: the next segment by the rules (teams-and-account.md 5), the title and
 * colour given overriding theirs. The segmentation row is locked, so two creates at once take turns and
 * never get the same value.
 */
export async function createSegment(
  db: Db,
  ctx: TeamContext,
  seriesUuid: string,
  segmentationId: number,
  body: { title?: string | undefined; color?: string | undefined } | null | undefined,
): Promise<Segment> {
  const found = await editable(db, ctx, seriesUuid, segmentationId);
  const row = await db.transaction().execute(async (trx) => {
    await sql`SELECT id FROM segmentations WHERE id = ${found.segmentation.id} FOR UPDATE`.execute(trx);
    const existing = await trx
      .selectFrom('segments')
      .select(['sort', 'deleted_at', 'color'])
      .where('segmentation_id', '=', found.segmentation.id)
      .execute();
    let next: ReturnType<typeof nextSegment>;
    try {
      next = nextSegment(
        existing.map((s) => ({ sort: s.sort, deleted: s.deleted_at !== null, color: s.color })),
      );
    } catch (error) {
      if (error instanceof RangeError) throw unprocessable(error.message);
      throw error;
    }
    const inserted = await trx
      .insertInto('segments')
      .values({
        segmentation_id: found.segmentation.id,
        team_id: ctx.team.id,
        sort: next.sort,
        value: next.value,
        title: body?.title ?? next.title,
        color: (body?.color ?? next.color).toLowerCase(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await touch(trx, found);
    return inserted;
  });
  return presentSegment(row);
}

/** Changes a live segment of the segmentation; a deleted or unknown one answers 404. */
async function changeSegment(
  db: Db,
  ctx: TeamContext,
  at: { seriesUuid: string; segmentationId: number; segmentId: number },
  change: { title?: string; color?: string; deleted_at?: Date },
): Promise<Segment> {
  const found = await editable(db, ctx, at.seriesUuid, at.segmentationId);
  const row = await db
    .updateTable('segments')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', at.segmentId)
    .where('segmentation_id', '=', found.segmentation.id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Segment not found.');
  await touch(db, found);
  return presentSegment(row);
}

export interface SegmentAt {
  seriesUuid: string;
  segmentationId: number;
  segmentId: number;
}

/** Soft delete: the value stays taken, since earlier mask revisions may still hold its voxels. */
export const deleteSegment = (db: Db, ctx: TeamContext, at: SegmentAt) =>
  changeSegment(db, ctx, at, { deleted_at: new Date() });

export const renameSegment = (db: Db, ctx: TeamContext, at: SegmentAt, title: string) =>
  changeSegment(db, ctx, at, { title });

export const recolorSegment = (db: Db, ctx: TeamContext, at: SegmentAt, color: string) =>
  changeSegment(db, ctx, at, { color: color.toLowerCase() });
