import { open } from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import { clearLabel, emptyLabelMask } from '@voxa/imaging';
import type { MaskRevision } from '@voxa/contracts';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import type { Storage, StorageKey } from '../../platform/storage';
import { maskKey, seriesPartKey } from '../../platform/storage/layout';
import { readSeriesData, seriesFolder } from '../studies/series-data';
import { seriesWithStudy } from '../studies/series';
import { findSegmentation, requireAccess, type FoundSegmentation } from './find';
import {
  gzipMask,
  inflateRevision,
  listRevisions,
  readRevision,
  revisionRow,
  seriesFolderOf,
  writeMaskRevision,
  type MaskTarget,
} from './mask-revisions';
import { maskDatatype } from './segment-rules';
import { NOT_CONVERTED } from './service';

export const MASK_EXISTS = 'This segmentation has its mask already.';
export const NO_MASK = 'This segmentation has no mask yet.';
const NIFTI1_HEADER_BYTES = 348;

type MaskDeps = Pick<Deps, 'db' | 'storage'>;

/** The first 348 bytes of a NIfTI-1 file: the grid a mask keeps. */
export async function readHeader(file: string): Promise<Uint8Array> {
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
 * The folder of a converted series and the header of its first volume: the grid its masks keep (create,
 * import and save read it the same way); 409 for a series not converted.
 */
export async function seriesGrid(
  storage: Pick<Storage, 'path'>,
  series: { team_id: number; uuid: string; data: unknown; status: string; study_uuid: string },
): Promise<{ folder: StorageKey; header: Uint8Array }> {
  const volume = readSeriesData(series.data).nifti?.[0];
  if (series.status !== 'done' || !volume) throw conflict(NOT_CONVERTED);
  const folder = seriesFolder(series, series.study_uuid);
  const header = await readHeader(await storage.path([...seriesPartKey(folder, 'nifti'), volume]));
  return { folder, header };
}

const targetOf = (ctx: TeamContext, found: FoundSegmentation, folder: MaskTarget['folder']): MaskTarget => ({
  segmentationId: found.segmentation.id,
  teamId: ctx.team.id,
  user: { id: ctx.user.id, name: ctx.user.name },
  folder,
});

/** A segmentation the caller may change, with where its masks live. */
export async function editableMask(
  deps: MaskDeps,
  ctx: TeamContext,
  seriesUuid: string,
  segmentationId: number,
) {
  const found = await findSegmentation(deps.db, ctx, seriesUuid, segmentationId);
  requireAccess(found.access, 'edit');
  const folder = await seriesFolderOf(deps.db, ctx.team.id, found.series.id);
  return { found, target: targetOf(ctx, found, folder) };
}

/**
 * POST /svc/v2/create-mask: the empty mask on the grid of the series' first volume, as revision 1; 409
 * when the segmentation has one already.
 */
export async function createMask(
  deps: MaskDeps,
  ctx: TeamContext,
  seriesUuid: string,
  segmentationId: number,
): Promise<MaskRevision> {
  const found = await findSegmentation(deps.db, ctx, seriesUuid, segmentationId);
  requireAccess(found.access, 'edit');
  const series = await seriesWithStudy(deps.db, ctx.team.id)
    .where('series.id', '=', found.segmentation.series_id)
    .executeTakeFirstOrThrow();
  const { folder, header } = await seriesGrid(deps.storage, series);
  return writeMaskRevision(
    deps.db,
    deps.storage,
    targetOf(ctx, found, folder),
    'create',
    async (current, trx) => {
      if (current) throw conflict(MASK_EXISTS);
      const values = await trx
        .selectFrom('segments')
        .select('value')
        .where('segmentation_id', '=', found.segmentation.id)
        .where('deleted_at', 'is', null)
        .execute();
      const datatype = maskDatatype(values.map((s) => s.value));
      return { gz: await gzipMask(emptyLabelMask(header, datatype).bytes), datatype };
    },
  );
}

/**
 * PUT /svc/v2/mask/remove-segment: the current revision with every voxel of `value` set to 0, as a new
 * revision; the previous one is kept. 409 before the mask exists.
 */
export async function removeSegmentVoxels(
  deps: MaskDeps,
  ctx: TeamContext,
  at: { uuid: string; segmentationId: number; value: number },
): Promise<MaskRevision> {
  const { target } = await editableMask(deps, ctx, at.uuid, at.segmentationId);
  return writeMaskRevision(deps.db, deps.storage, target, 'remove-segment', async (current) => {
    if (!current) throw conflict(NO_MASK);
    const nii = await inflateRevision(
      await readRevision(deps.storage, target.folder, target.segmentationId, current.revision),
    );
    clearLabel(nii, at.value);
    return { gz: await gzipMask(nii), datatype: current.datatype };
  });
}

/** PUT /svc/v2/mask/restore: a kept revision written again as the newest; 404 for one never written. */
export async function restoreRevision(
  deps: MaskDeps,
  ctx: TeamContext,
  at: { uuid: string; segmentationId: number; revision: number },
): Promise<MaskRevision> {
  const { target } = await editableMask(deps, ctx, at.uuid, at.segmentationId);
  const kept = await revisionRow(deps.db, target.segmentationId, at.revision);
  return writeMaskRevision(deps.db, deps.storage, target, 'restore', async () => ({
    gz: await readRevision(deps.storage, target.folder, target.segmentationId, kept.revision),
    datatype: kept.datatype,
  }));
}

/** GET /svc/v2/mask/revisions: every kept revision, newest first (reading suffices). */
export async function maskRevisions(
  deps: MaskDeps,
  ctx: TeamContext,
  seriesUuid: string,
  segmentationId: number,
): Promise<MaskRevision[]> {
  const found = await findSegmentation(deps.db, ctx, seriesUuid, segmentationId);
  return listRevisions(deps.db, found.segmentation.id);
}

/**
 * GET /svc/v2/mask: the gzipped NIfTI of the current revision or the one asked for (reading suffices);
 * 404 before the mask exists or for a revision never written.
 */
export async function maskFile(
  deps: MaskDeps,
  ctx: TeamContext,
  at: { uuid: string; segmentationId: number; revision?: number | undefined },
): Promise<{ revision: number; stream: ReadStream }> {
  const found = await findSegmentation(deps.db, ctx, at.uuid, at.segmentationId);
  const wanted = at.revision ?? found.segmentation.mask_revision;
  if (wanted === null) throw notFound(NO_MASK);
  const { revision } = await revisionRow(deps.db, found.segmentation.id, wanted);
  const folder = await seriesFolderOf(deps.db, ctx.team.id, found.series.id);
  return { revision, stream: await deps.storage.read(maskKey(folder, found.segmentation.id, revision)) };
}
