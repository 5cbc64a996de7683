import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { emptyLabelMask } from '@voxa/imaging';
import type { MaskRevision } from '@voxa/contracts';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { maskKey, seriesPartKey } from '../../platform/storage/layout';
import { iso } from '../common/time';
import { readSeriesData, seriesFolder } from '../studies/series-data';
import { seriesWithStudy } from '../studies/series';
import { findSegmentation, requireAccess } from './find';
import { maskDatatype } from './segment-rules';

export const MASK_EXISTS = 'This segmentation has its mask already.';
export const NO_VOLUME = 'The series has no converted volume to put a mask on.';
const NIFTI1_HEADER_BYTES = 348;

async function readHeader(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const header = new Uint8Array(NIFTI1_HEADER_BYTES);
    const { bytesRead } = await handle.read(header, 0, NIFTI1_HEADER_BYTES, 0);
    return header.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * POST /svc/v2/create-mask: the empty mask on the grid of the series' first volume, as revision 1. The
 * file is durable (temp file, flush, rename) before the row names it, so a crash never leaves a row
 * pointing at nothing; the segmentation row is locked, so two calls cannot both make revision 1.
 */
export async function createMask(
  deps: Pick<Deps, 'db' | 'storage'>,
  ctx: TeamContext,
  seriesUuid: string,
  segmentationId: number,
): Promise<MaskRevision> {
  const found = await findSegmentation(deps.db, ctx, seriesUuid, segmentationId);
  requireAccess(found.access, 'edit');
  const series = await seriesWithStudy(deps.db, ctx.team.id)
    .where('series.id', '=', found.segmentation.series_id)
    .executeTakeFirstOrThrow();
  const volume = readSeriesData(series.data).nifti?.[0];
  if (series.status !== 'done' || !volume) throw conflict(NO_VOLUME);
  const folder = seriesFolder(series, series.study_uuid);
  const header = await readHeader(await deps.storage.path([...seriesPartKey(folder, 'nifti'), volume]));

  return deps.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('segmentations')
      .select('mask_revision')
      .where('id', '=', found.segmentation.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.mask_revision !== null) throw conflict(MASK_EXISTS);
    const values = await trx
      .selectFrom('segments')
      .select('value')
      .where('segmentation_id', '=', found.segmentation.id)
      .where('deleted_at', 'is', null)
      .execute();
    const datatype = maskDatatype(values.map((s) => s.value));
    const mask = emptyLabelMask(header, datatype);
    const revision = 1;
    await deps.storage.writeAtomic(
      maskKey(folder, found.segmentation.id, revision),
      await promisify(gzip)(mask.bytes),
    );
    const row = await trx
      .insertInto('mask_revisions')
      .values({
        segmentation_id: found.segmentation.id,
        team_id: ctx.team.id,
        revision,
        reason: 'create',
        datatype,
        created_by: ctx.user.id,
      })
      .returning(['revision', 'reason', 'datatype', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('segmentations')
      .set({ mask_revision: revision, updated_at: new Date() })
      .where('id', '=', found.segmentation.id)
      .execute();
    return { ...row, created_at: iso(row.created_at) };
  });
}
