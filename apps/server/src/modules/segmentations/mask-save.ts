import type { MaskRevision } from '@voxa/contracts';
import { labelMaskOf, readLabelMap } from '@voxa/imaging';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { conflict, HttpError, unprocessable } from '../../http/errors';
import { seriesWithStudy } from '../studies/series';
import { niiBytes } from './mask-import';
import { gzipMask, writeMaskRevision } from './mask-revisions';
import { editableMask, NO_MASK, seriesGrid } from './masks';
import { maskDatatype } from './segment-rules';

export const staleMask = (base: number, current: number) =>
  `The mask was saved by someone else since revision ${base}: revision ${current} is the newest. ` +
  'Reload it, or save again over it.';
export const unknownValues = (values: number[]) =>
  `The mask holds values no segment of this segmentation has: ${values.join(', ')}.`;

/**
 * PUT /svc/v2/mask/save: a painted mask as a new revision ('paint'), only over the revision it was
 * painted on (`base`): a later save by someone else answers 409 with the current revision, so nothing
 * is lost silently. The file must lie on the series' grid and hold only values of live segments; the
 * stored mask keeps the series' header, and the segments it holds take the new revision.
 */
export async function saveMask(
  deps: Pick<Deps, 'db' | 'storage' | 'config'>,
  ctx: TeamContext,
  at: { uuid: string; segmentationId: number; base: number },
  body: unknown,
): Promise<MaskRevision> {
  const { found, target } = await editableMask(deps, ctx, at.uuid, at.segmentationId);
  const series = await seriesWithStudy(deps.db, ctx.team.id)
    .where('series.id', '=', found.series.id)
    .executeTakeFirstOrThrow();
  const { header } = await seriesGrid(deps.storage, series);
  const read = readLabelMap(await niiBytes(body, deps.config.MASK_IMPORT_MAX_BYTES), header);
  if (!read.ok) throw new HttpError(read.status, read.error);

  return deps.db.transaction().execute(async (trx) => {
    const segments = await trx
      .selectFrom('segments')
      .select('value')
      .where('segmentation_id', '=', target.segmentationId)
      .where('deleted_at', 'is', null)
      .execute();
    const live = segments.map((s) => s.value);
    const saved = await writeMaskRevision(trx, deps.storage, target, 'paint', async (current) => {
      if (!current) throw conflict(NO_MASK);
      if (current.revision !== at.base)
        throw new HttpError(409, staleMask(at.base, current.revision), {
          revision: [String(current.revision)],
        });
      const unknown = read.present.filter((v) => !live.includes(v));
      if (unknown.length) throw unprocessable(unknownValues(unknown));
      const datatype = maskDatatype(live);
      return { gz: await gzipMask(labelMaskOf(header, datatype, read.labels).bytes), datatype };
    });
    if (read.present.length)
      await trx
        .updateTable('segments')
        .set({ revision: saved.revision, updated_at: new Date() })
        .where('segmentation_id', '=', target.segmentationId)
        .where('deleted_at', 'is', null)
        .where('value', 'in', read.present)
        .execute();
    return saved;
  });
}
