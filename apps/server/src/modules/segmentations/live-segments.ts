import type { Db } from '../../platform/db';

/** The live (not deleted) segments of these segmentations, by value: titles and values, for the AI sides. */
export async function liveSegmentsOf(db: Db, segmentationIds: number[]) {
  if (!segmentationIds.length) return [];
  return db
    .selectFrom('segments')
    .select(['segmentation_id', 'title', 'value'])
    .where('segmentation_id', 'in', segmentationIds)
    .where('deleted_at', 'is', null)
    .orderBy('value')
    .execute();
}
