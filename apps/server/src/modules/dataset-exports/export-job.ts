import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { labelMaskVoxels, readNiftiHeader } from '@voxa/imaging';
import type { DatasetExportState, JobPayload } from '@voxa/contracts';
import type { Deps } from '../../deps';
import { maybeGunzip } from '../../platform/gzip';
import { datasetExportKey, seriesPartKey } from '../../platform/storage/layout';
import { zipStored, type ZipSource } from '../../platform/zip';
import { blankNiftiHeaderText } from '../deidentify/nifti';
import { inflateRevision, readRevision, seriesFolderOf } from '../segmentations/mask-revisions';
import { readSeriesData } from '../studies/series-data';
import { maskedSegmentations, type MaskedSegmentation } from './cases';
import { labelTable, remapVoxels } from './labels';
import {
  caseIds,
  channelName,
  datasetFolder,
  datasetJson,
  datasetJsonEntry,
  imageEntry,
  labelEntry,
} from './layout';

type ExportDeps = Pick<Deps, 'db' | 'storage' | 'realtime' | 'log'>;
const deflate = promisify(gzip);
/** A stored volume is inflated to blank its header text; beyond this it is not a volume to export. */
const MAX_VOLUME_BYTES = 4 * 1024 ** 3;

/** Why an export cannot be made from what is stored now: recorded on the export, not retried. */
class ExportRefused extends Error {}

/**
 * Writes one export's zip (decision 0063): dataset.json, then each case's image and relabelled mask, the
 * export's progress counted and told to its author after each case. Idempotent: a run after a crash
 * writes the whole zip again (atomically: never half a zip under its name); a done export is left alone.
 */
export async function exportDatasetJob(deps: ExportDeps, { exportId }: JobPayload<'export-dataset'>) {
  const { db } = deps;
  const row = await db
    .selectFrom('dataset_exports')
    .selectAll()
    .where('id', '=', exportId)
    .executeTakeFirst();
  if (!row || row.state === 'done' || row.state === 'failed') return;
  const tell = (state: DatasetExportState, done: number) => {
    if (row.created_by === null) return;
    deps.realtime.toUser(row.created_by, 'dataset-export:progress', {
      id: row.id,
      state,
      cases_done: done,
      cases_total: row.cases_total,
    });
  };
  await db
    .updateTable('dataset_exports')
    .set({ state: 'running', cases_done: 0, error: null })
    .where('id', '=', row.id)
    .execute();
  tell('running', 0);
  let written = 0;
  try {
    const cases = await exportableCases(deps, row.team_id, row.segmentation_ids);
    const table = labelTable(cases.map((c) => c.segments));
    const folder = datasetFolder(row.dataset_id, row.name);
    const ids = caseIds(row.name, cases.length);
    const json = datasetJson({
      folder,
      channel: channelName(cases.map((c) => c.modality_code)) ?? '',
      labels: table.labels,
      numTraining: cases.length,
      description: `Voxa research export ${row.id}: ${cases.length} anonymised cases.`,
    });
    async function* entries(): AsyncGenerator<ZipSource> {
      yield { name: datasetJsonEntry(folder), data: Buffer.from(`${JSON.stringify(json, null, 2)}\n`) };
      for (const [i, c] of cases.entries()) {
        const caseId = ids[i] ?? '';
        yield { name: imageEntry(folder, caseId), data: await caseImage(deps, c) };
        yield {
          name: labelEntry(folder, caseId),
          data: await caseLabel(deps, c, table.remaps[i] ?? new Map()),
        };
        await db
          .updateTable('dataset_exports')
          .set({ cases_done: i + 1 })
          .where('id', '=', exportId)
          .execute();
        written = i + 1;
        tell('running', written);
      }
    }
    const key = datasetExportKey(row.team_id, row.id);
    await deps.storage.writeAtomic(key, zipStored(entries()));
    await finish(deps, row.id, { state: 'done', size: await deps.storage.size(key), error: null });
    tell('done', cases.length);
  } catch (error) {
    if (!(error instanceof ExportRefused)) deps.log.error({ err: error, exportId }, 'dataset export failed');
    const message =
      error instanceof ExportRefused ? error.message : 'The export failed; the server log says why.';
    await finish(deps, row.id, { state: 'failed', size: null, error: message });
    tell('failed', written);
  }
}

async function finish(
  deps: Pick<Deps, 'db'>,
  id: number,
  end: { state: 'done' | 'failed'; size: number | null; error: string | null },
) {
  await deps.db
    .updateTable('dataset_exports')
    .set({ ...end, finished_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The export's cases as stored now; what changed since it was asked for (a deletion, say) refuses it. */
async function exportableCases(deps: ExportDeps, teamId: number, ids: readonly number[]) {
  const cases = await maskedSegmentations(deps.db, teamId, { only: ids });
  if (cases.length !== ids.length) throw new ExportRefused('A segmentation of this export was deleted.');
  for (const c of cases) {
    if (!c.anonymised) throw new ExportRefused('A study of this export is not anonymised.');
    if (c.mask_revision === null || c.series_status !== 'done')
      throw new ExportRefused('A segmentation of this export has no mask on a converted series.');
  }
  if (!channelName(cases.map((c) => c.modality_code)))
    throw new ExportRefused('The cases of this export no longer share one modality.');
  return cases;
}

/** The series' first volume (the grid its masks keep), header text blanked, gzipped. */
async function caseImage(deps: ExportDeps, c: MaskedSegmentation): Promise<Uint8Array> {
  const volume = readSeriesData(c.series_data).nifti?.[0];
  if (!volume) throw new ExportRefused('A series of this export has no converted volume.');
  const folder = await seriesFolderOf(deps.db, c.team_id, c.series_id);
  const stored = await readFile(await deps.storage.path([...seriesPartKey(folder, 'nifti'), volume]));
  // A copy of its own (offset 0): the header is read from its buffer and its text blanked in place.
  const nii = new Uint8Array(await maybeGunzip(stored, MAX_VOLUME_BYTES));
  const header = readNiftiHeader(nii.buffer);
  if (header.ok && header.header.volumes > 1)
    throw new ExportRefused('A series of this export is 4D; a case is one 3D volume.');
  blankNiftiHeaderText(nii);
  return deflate(nii);
}

/** The segmentation's current mask, its values renumbered to the dataset's labels, gzipped. */
async function caseLabel(
  deps: ExportDeps,
  c: MaskedSegmentation,
  remap: ReadonlyMap<number, number>,
): Promise<Uint8Array> {
  const folder = await seriesFolderOf(deps.db, c.team_id, c.series_id);
  const mask = await inflateRevision(await readRevision(deps.storage, folder, c.id, c.mask_revision ?? 0));
  remapVoxels(labelMaskVoxels(mask), remap);
  return deflate(mask);
}
