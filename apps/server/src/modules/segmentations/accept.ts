import type { Segmentation } from '@voxa/contracts';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { findSegmentation } from './find';
import { NO_MASK } from './masks';
import { readRevision, revisionRow, seriesFolderOf, writeMaskRevision } from './mask-revisions';
import { segmentationsByIds } from './present';
import { insertSegmentation } from './service';

/**
 * POST /annotator/segmentations/{uuid}/{id}/accept: a segmentation the caller may read (an AI result, in
 * the annotator's AI mode) becomes a new one of theirs: the same structure, its live segments (titles,
 * colours, values) and its current mask as revision 1. The source stays as it was, so the result and what
 * the user makes of it can be compared.
 */
export async function acceptSegmentation(
  deps: Pick<Deps, 'db' | 'storage'>,
  ctx: TeamContext,
  seriesUuid: string,
  segmentationId: number,
  body: { rbac?: boolean | undefined },
): Promise<Segmentation> {
  const { db, storage } = deps;
  // Found only for a reader (403 otherwise, 404 for another team's).
  const found = await findSegmentation(db, ctx, seriesUuid, segmentationId);
  const source = found.segmentation;
  if (source.mask_revision === null) throw conflict(NO_MASK);
  const { datatype } = await revisionRow(db, source.id, source.mask_revision);
  const folder = await seriesFolderOf(db, ctx.team.id, found.series.id);
  const gz = await readRevision(storage, folder, source.id, source.mask_revision);

  const id = await db.transaction().execute(async (trx) => {
    const copy = await insertSegmentation(trx, {
      teamId: ctx.team.id,
      series: { id: found.series.id, study_id: source.study_id },
      structureId: source.structure_id,
      userId: ctx.user.id,
      rbac: body.rbac ?? false,
    });
    const segments = await trx
      .selectFrom('segments')
      .select(['sort', 'title', 'color', 'value', 'visible'])
      .where('segmentation_id', '=', source.id)
      .where('deleted_at', 'is', null)
      .execute();
    if (segments.length)
      await trx
        .insertInto('segments')
        // revision 1: their voxels are in the copied mask, so a delete is followed by remove-segment.
        .values(segments.map((s) => ({ ...s, segmentation_id: copy, team_id: ctx.team.id, revision: 1 })))
        .execute();
    const target = { segmentationId: copy, teamId: ctx.team.id, user: ctx.user, folder };
    await writeMaskRevision(trx, storage, target, 'import', async () => ({ gz, datatype }));
    return copy;
  });
  const [accepted] = await segmentationsByIds(db, ctx, [id]);
  if (!accepted) throw new Error(`Segmentation ${id} vanished after it was accepted.`);
  return accepted;
}
