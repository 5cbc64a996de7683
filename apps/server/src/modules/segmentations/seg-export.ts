import {
  firstPerSlice,
  hexToDicomLab,
  labelMaskVoxels,
  labelsToSegFrames,
  type SegFrames,
} from '@voxa/imaging';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { findSegmentation } from './find';
import { inflateRevision, readRevision, revisionRow, seriesFolderOf } from './mask-revisions';
import { NO_MASK } from './masks';
import { writeSeg, type AlgorithmType, type SegSegment } from './seg-dataset';
import { placeSeries } from './seg-source';

export const NO_SEGMENTS = 'This segmentation has no segments to export.';

/** Made by an AI run: its segments are automatic, or semi-automatic once painted over (revision > 1). */
async function aiModelOf(db: Db, segmentationId: number): Promise<string | null> {
  const job = await db
    .selectFrom('ai_jobs')
    .select('model_code')
    .where('segmentation_id', '=', segmentationId)
    .executeTakeFirst();
  return job?.model_code ?? null;
}

/**
 * GET /svc/v2/mask/seg: the segmentation's current mask (or a kept revision) as a binary DICOM SEG over
 * the series' stored DICOM instances (docs/decisions/0067); reading the segmentation suffices, like the
 * NIfTI download. Every live segment is in the Segment Sequence, numbered 1.. in value order.
 */
export async function exportSeg(
  deps: Pick<Deps, 'db' | 'storage'>,
  ctx: TeamContext,
  at: { uuid: string; segmentationId: number; revision?: number | undefined },
): Promise<{ revision: number; bytes: Uint8Array }> {
  const found = await findSegmentation(deps.db, ctx, at.uuid, at.segmentationId);
  const wanted = at.revision ?? found.segmentation.mask_revision;
  if (wanted === null) throw notFound(NO_MASK);
  const { revision } = await revisionRow(deps.db, found.segmentation.id, wanted);
  const segments = await deps.db
    .selectFrom('segments')
    .select(['value', 'title', 'color', 'revision'])
    .where('segmentation_id', '=', found.segmentation.id)
    .where('deleted_at', 'is', null)
    .orderBy('value')
    .execute();
  if (!segments.length) throw conflict(NO_SEGMENTS);
  const folder = await seriesFolderOf(deps.db, ctx.team.id, found.series.id);
  const mask = await inflateRevision(
    await readRevision(deps.storage, folder, found.segmentation.id, revision),
  );
  const series = await placeSeries(deps.storage, folder, mask.subarray(0, 348));
  const { dims, source } = series;
  const placed = firstPerSlice(series.placed);
  const labels = labelMaskVoxels(mask);
  let frames: SegFrames = labelsToSegFrames(
    labels,
    dims,
    placed,
    segments.map((s) => s.value),
  );
  const [first] = placed;
  // A SEG holds at least one frame: a mask with no voxel yet is one empty frame of the first segment.
  if (!frames.frames.length && first)
    frames = {
      frames: [{ segmentNumber: 1, placed: first }],
      pixelData: new Uint8Array(Math.ceil((first.instance.rows * first.instance.columns) / 16) * 2),
    };
  // Instances without study or series UIDs (TotalSegmentator's example CT has none) are referenced by the
  // ones Voxa keeps them under (remapped when the study is anonymised, as its files are).
  const stored = await deps.db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select(['studies.study_uid', 'series.series_uid'])
    .where('series.id', '=', found.series.id)
    .executeTakeFirstOrThrow();
  const model = await aiModelOf(deps.db, found.segmentation.id);
  const structure = await deps.db
    .selectFrom('structures')
    .select('title')
    .where('id', '=', found.segmentation.structure_id)
    .executeTakeFirst();
  const bytes = writeSeg(
    {
      source: {
        ...source,
        StudyInstanceUID: source.StudyInstanceUID || stored.study_uid,
        SeriesInstanceUID: source.SeriesInstanceUID || stored.series_uid,
      },
      segments: segments.map((s): SegSegment => {
        const algorithmType: AlgorithmType = !model
          ? 'MANUAL'
          : s.revision > 1
            ? 'SEMIAUTOMATIC'
            : 'AUTOMATIC';
        return {
          label: s.title,
          lab: hexToDicomLab(s.color),
          algorithmType,
          ...(model ? { algorithmName: model } : {}),
        };
      }),
      ...frames,
      seriesDescription: structure?.title ?? 'Segmentation',
      creator: ctx.user.name,
      now: new Date(),
    },
    placed,
  );
  return { revision, bytes };
}
