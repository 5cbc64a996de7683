import { readFile } from 'node:fs/promises';
import type { ConvertSeriesJob, SeriesConversionEvent, SeriesStatus } from '@voxa/contracts';
import { maybeGunzip } from '@voxa/imaging';
import { conversionWarnings } from '@voxa/imaging/dcm2niix';
import type { Deps } from '../../deps';
import { ConversionError } from '../../platform/dcm2niix';
import type { StorageKey } from '../../platform/storage';
import { seriesKey, seriesPartKey } from '../../platform/storage/layout';
import { blankNiftiText } from '../deidentify/nifti';
import { readSeriesData, seriesDataText, type SeriesData } from '../studies/series-data';
import { writeSlideshow } from '../studies/slideshow';
import { deidentifyOutputs, renameOutputs, subSeriesUuid, type SeriesOutputs } from './outputs';
import { keepDicom } from './series-dicom';
import { inputName, linkInput, sourceKeys } from './series-input';

interface Series {
  id: number;
  uuid: string;
  status: SeriesStatus;
  data: SeriesData;
  studyUuid: string;
  teamId: number;
  userId: number | null;
  studyClientId: string;
}

async function loadSeries(deps: Deps, seriesId: number): Promise<Series | null> {
  const row = await deps.db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select([
      'series.id',
      'series.uuid',
      'series.status',
      'series.data',
      'studies.uuid as studyUuid',
      'studies.team_id as teamId',
      'studies.user_id as userId',
      'studies.data as studyData',
    ])
    .where('series.id', '=', seriesId)
    .executeTakeFirst();
  if (!row) return null;
  const { studyData, data, ...rest } = row;
  return { ...rest, data: readSeriesData(data), studyClientId: String(studyData.clientId ?? '') };
}

async function save(deps: Deps, series: Series, status: SeriesStatus, data?: SeriesData) {
  await deps.db
    .updateTable('series')
    .set({ status, updated_at: new Date(), ...(data && { data: seriesDataText(data) }) })
    .where('id', '=', series.id)
    .execute();
}

type Outcome = { status: 'done'; warnings?: string[] } | { status: 'error'; message: string };

function announce(deps: Deps, series: Series, outcome: Outcome) {
  if (series.userId === null) return;
  const payload: SeriesConversionEvent = {
    studyUuid: series.studyUuid,
    seriesUuid: series.uuid,
    studyClientId: series.studyClientId,
    serieClientUploadId: series.data.clientId ?? '',
    ...outcome,
  };
  deps.realtime.toUser(series.userId, `upload:conversion:oneserie:${outcome.status}`, payload);
}

/**
 * Converts one series (the `convert-series` job) from the bytes as they were received, so dcm2niix sees
 * every attribute it needs (positions, times, vendors' private groups) whatever the anonymisation: the
 * files are linked into the series' input folder, converted, and only then de-identified, the outputs
 * (NIfTI header text, JSON sidecar) and the stored DICOM alike (decision 0023). Each volume is kept
 * as a sub-series `{series uuid}-NNN` with its .json, .bval and .bvec; dcm2niix's warnings stay with the
 * series. A series that cannot convert ends in error with the reason; the job itself then succeeds, so
 * one broken series stops nothing else. Idempotent: a series already settled is left alone, and a rerun
 * after a crash starts afresh.
 */
export async function convertSeriesJob(deps: Deps, job: ConvertSeriesJob): Promise<void> {
  const series = await loadSeries(deps, job.seriesId);
  if (!series || series.status === 'done' || series.status === 'error') return;
  const folder = seriesKey(series.teamId, series.studyUuid, series.uuid);
  const niftiDir = seriesPartKey(folder, 'nifti');
  try {
    await save(deps, series, 'generatingNii');
    await deps.storage.remove(niftiDir);
    const sources = await sourceKeys(deps, series.teamId, job);
    const { outputs, warnings } =
      job.type === 'nii'
        ? { outputs: await storeNifti(deps, series, job, sources, niftiDir), warnings: [] }
        : await convertDicom(deps, series, job, sources, folder);
    const slideshow = await slideshowOf(deps, folder, outputs.volumes);
    const data: SeriesData = {
      ...series.data,
      nifti: outputs.volumes,
      outputs: outputs.files,
      folder: [...folder],
      warnings,
      slideshow,
      slideshowVersion: Date.now().toString(36),
    };
    await save(deps, series, 'done', data);
    // The originals go once nothing needs them: their de-identified copies are kept.
    if (job.anonymize) for (const key of sources) await deps.storage.remove(key);
    announce(deps, series, { status: 'done', ...(warnings.length > 0 && { warnings }) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.storage.remove(seriesPartKey(folder, 'input'));
    await save(deps, series, 'error', { ...series.data, error: message });
    announce(deps, series, { status: 'error', message });
  }
}

async function convertDicom(
  deps: Deps,
  series: Series,
  job: ConvertSeriesJob,
  sources: StorageKey[],
  folder: StorageKey,
): Promise<{ outputs: SeriesOutputs; warnings: string[] }> {
  const input = await linkInput(deps, folder, sources);
  const niftiDir = seriesPartKey(folder, 'nifti');
  const converted = await deps.converter.convert(
    await deps.storage.path(input),
    await deps.storage.path(niftiDir),
  );
  const outputs = await renameOutputs(deps, niftiDir, series.uuid, converted.files);
  if (job.anonymize) await deidentifyOutputs(deps, niftiDir, outputs.files);
  await keepDicom(
    deps,
    series.teamId,
    folder,
    job.anonymize,
    sources.map((_, i) => inputName(i)),
  );
  return { outputs, warnings: conversionWarnings(converted.log.split('\n')) };
}

/** The series' slideshow frames, made once here; a volume that cannot be drawn fails nothing (0 frames). */
async function slideshowOf(deps: Deps, folder: StorageKey, volumes: string[]): Promise<number> {
  const [first] = volumes;
  if (!first) return 0;
  try {
    return await writeSlideshow(deps.storage, folder, first);
  } catch (error) {
    deps.log.warn({ err: error }, 'slideshow not made');
    return 0;
  }
}

/** A NIfTI series is stored as it came (inflated; text fields blanked when anonymised). */
async function storeNifti(
  deps: Deps,
  series: Series,
  job: ConvertSeriesJob,
  sources: StorageKey[],
  niftiDir: StorageKey,
): Promise<SeriesOutputs> {
  const [source] = sources;
  if (!source) throw new ConversionError('The series has no file.', '');
  const received = new Uint8Array(await readFile(await deps.storage.path(source)));
  let bytes = await maybeGunzip(received, deps.config.UPLOAD_MAX_FILE_BYTES);
  if (job.anonymize) bytes = blankNiftiText(bytes);
  const file = `${subSeriesUuid(series.uuid, 1)}.nii`;
  await deps.storage.writeAtomic([...niftiDir, file], bytes);
  return { volumes: [file], files: [file] };
}
