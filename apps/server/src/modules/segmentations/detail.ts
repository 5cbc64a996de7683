import type { SegmentationDetail } from '@voxa/contracts';
import type { TeamContext } from '../../http/context';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { findSegmentationById } from './find';
import { presentWithPlace, withPlace } from './list';
import { presentSegment, segmentationColumns, segmentationsFrom } from './present';

/**
 * GET /segmentations/{id}: one segmentation with where it lives and its deleted segments (the /segments
 * page shows them struck through). The same access rule as every segmentation endpoint: another team's id
 * answers 404, a member who may not read it 403.
 */
export async function segmentationDetail(
  db: Db,
  ctx: TeamContext,
  segmentationId: number,
): Promise<SegmentationDetail> {
  const found = await findSegmentationById(db, ctx, segmentationId);
  const rows = await withPlace(segmentationColumns(segmentationsFrom(db, ctx.team.id)))
    .where('segmentations.id', '=', found.segmentation.id)
    .execute();
  const [item] = await presentWithPlace(db, ctx, rows);
  if (!item) throw notFound('Segmentation not found.');
  const deleted = await db
    .selectFrom('segments')
    .selectAll()
    .where('segmentation_id', '=', found.segmentation.id)
    .where('deleted_at', 'is not', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return { ...item, deleted_segments: deleted.map(presentSegment) };
}
