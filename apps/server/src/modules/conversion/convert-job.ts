import { gunzipSync } from 'node:zlib';
import type { SeriesConversionEvent, SeriesStatus } from '@voxa/contracts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps';
import { ConversionError } from '../../platform/dcm2niix';
import type { StorageKey } from '../../platform/storage';
import { relativeKey } from '../../platform/storage';
import { deidentifyDicom } from '../deidentify/deidentify';
import { teamReplacements } from '../deidentify/keyed';
import { teamKey } from '../deidentify/team-key';
import { blankNiftiText } from '../deidentify/nifti';
import type { SeriesSource } from './convert-request';
import { subSeriesUuid } from './outputs';
import { inflatedKey } from '../archives/layout';
import { storedFileKey } from '../upload/layout';
import { seriesKey } from '../studies/series-folder';
import { writeSlideshow } from '../studies/slideshow';

export { seriesKey };

interface Job {
  seriesId: number;
  seriesUuid: string;
  studyId: number;
  studyUuid: string;
  teamId: number;
  userId: number | null;
  status: string;
  data: Record<string, unknown>;
  studyClientId: string;
}

async function loadJob(deps: Deps, seriesId: number): Promise<Job | null> {
  const row = await deps.db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select([
      'series.id as seriesId',
      'series.uuid as seriesUuid',
      'series.status',
      'series.data',
      'studies.id as studyId',
      'studies.uuid as studyUuid',
      'studies.team_id as teamId',
      'studies.user_id as userId',
      'studies.data as studyData',
    ])
    .where('series.id', '=', seriesId)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, studyClientId: String(row.studyData.clientId ?? '') };
}

async function setStatus(deps: Deps, job: Job, status: SeriesStatus, data?: Record<string, unknown>) {
  await deps.db
    .updateTable('series')
    .set({ status, updated_at: new Date(), ...(data && { data: JSON.stringify(data) }) })
    .where('id', '=', job.seriesId)
    .execute();
}

function announce(deps: Deps, job: Job, status: 'done' | 'error', message?: string) {
  if (job.userId === null) return;
  const payload: SeriesConversionEvent = {
    studyUuid: job.studyUuid,
    seriesUuid: job.seriesUuid,
    studyClientId: job.studyClientId,
    serieClientUploadId: String(job.data.clientId ?? ''),
    status,
    ...(message && { message }),
  };
  deps.realtime.toUser(job.userId, `upload:conversion:oneserie:${status}`, payload);
}

/** Where one of the series' files is: the session's uploaded files, or the files its archives gave. */
function sourceKey(teamId: number, source: SeriesSource, name: string): StorageKey {
  return source.location === 'server'
    ? [...inflatedKey(teamId, source.session), ...relativeKey(name)]
    : storedFileKey(teamId, source.session, relativeKey(name));
}

/** The series' files as the conversion reads them: de-identified when the study is anonymised. */
async function stageDicom(deps: Deps, job: Job, source: SeriesSource, target: StorageKey) {
  const replacements = teamReplacements(teamKey(deps.keys, job.teamId));
  await deps.storage.remove(target);
  for (const [index, name] of source.files.entries()) {
    const from = await deps.storage.path(sourceKey(job.teamId, source, name));
    const bytes = new Uint8Array(await readFile(from));
    // Staged files get neutral names: a file name may carry the patient's.
    const staged = [...target, `${String(index + 1).padStart(6, '0')}.dcm`];
    await deps.storage.writeAtomic(staged, source.anonymize ? deidentifyDicom(bytes, replacements) : bytes);
  }
}

/**
 * Converts one series (the `convert-series` job): stages its files (de-identified when asked), runs
 * dcm2niix, and keeps each output as a sub-series `{series uuid}-NNN`. A series that cannot convert ends
 * in error with dcm2niix's reason; the job itself then succeeds, so one broken series stops nothing else.
 * Idempotent: a series already done is left alone, and a rerun after a crash starts its staging afresh.
 */
export async function convertSeriesJob(deps: Deps, { seriesId }: { seriesId: number }): Promise<void> {
  const job = await loadJob(deps, seriesId);
  if (!job || job.status === 'done' || job.status === 'error') return;
  const source = job.data.source as SeriesSource | undefined;
  if (!source) return;
  const base = seriesKey(job.teamId, job.studyUuid, job.seriesUuid);
  try {
    await setStatus(deps, job, 'generatingNii');
    const niftiDir = [...base, 'nifti'];
    await deps.storage.remove(niftiDir);
    let outputs: string[];
    if (source.type === 'nii') {
      outputs = [await storeNifti(deps, job, source, niftiDir)];
    } else {
      const dicomDir = [...base, 'dicom'];
      await stageDicom(deps, job, source, dicomDir);
      const converted = await deps.converter.convert(
        await deps.storage.path(dicomDir),
        await deps.storage.path(niftiDir),
      );
      outputs = await renameOutputs(deps, job, niftiDir, converted.files);
    }
    if (source.anonymize) await removeSources(deps, job, source);
    const slideshow = await slideshowOf(deps, base, outputs);
    // The folder is recorded: a series moved to another study later keeps its files where they are.
    await setStatus(deps, job, 'done', {
      ...job.data,
      nifti: outputs,
      folder: base,
      slideshow,
      slideshowVersion: Date.now().toString(36),
    });
    announce(deps, job, 'done');
  } catch (error) {
    const message =
      error instanceof ConversionError || error instanceof Error ? error.message : String(error);
    await setStatus(deps, job, 'error', { ...job.data, error: message });
    announce(deps, job, 'error', message);
  }
}

/** The series' slideshow frames, made once here; a volume that cannot be drawn fails nothing (0 frames). */
async function slideshowOf(deps: Deps, base: StorageKey, outputs: string[]): Promise<number> {
  const [first] = outputs;
  if (!first) return 0;
  try {
    return await writeSlideshow(deps.storage, base, first);
  } catch (error) {
    deps.log.warn({ err: error }, 'slideshow not made');
    return 0;
  }
}

/** A NIfTI series is stored as it came (inflated; text fields blanked when anonymised). */
async function storeNifti(deps: Deps, job: Job, source: SeriesSource, niftiDir: StorageKey): Promise<string> {
  const [name] = source.files;
  if (!name) throw new ConversionError('The series has no file.', '');
  const from = await deps.storage.path(sourceKey(job.teamId, source, name));
  let bytes: Uint8Array = new Uint8Array(await readFile(from));
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = new Uint8Array(gunzipSync(bytes));
  if (source.anonymize) bytes = blankNiftiText(bytes);
  const file = `${subSeriesUuid(job.seriesUuid, 1)}.nii`;
  await deps.storage.writeAtomic([...niftiDir, file], bytes);
  return file;
}

/** dcm2niix's outputs renamed to sub-series uuids, each NIfTI with its sidecars (.json, .bval, .bvec). */
async function renameOutputs(deps: Deps, job: Job, niftiDir: StorageKey, files: string[]): Promise<string[]> {
  const volumes = files.filter((f) => f.endsWith('.nii'));
  const renamed: string[] = [];
  for (const [index, volume] of volumes.entries()) {
    const stem = volume.slice(0, -'.nii'.length);
    const uuid = subSeriesUuid(job.seriesUuid, index + 1);
    for (const file of files.filter((f) => f.startsWith(`${stem}.`))) {
      const extension = path.extname(file);
      await deps.storage.move([...niftiDir, file], [...niftiDir, `${uuid}${extension}`]);
    }
    renamed.push(`${uuid}.nii`);
  }
  return renamed;
}

/** With anonymize on, the uploaded originals go as soon as their de-identified copies exist. */
async function removeSources(deps: Deps, job: Job, source: SeriesSource) {
  for (const name of source.files) await deps.storage.remove(sourceKey(job.teamId, source, name));
}
