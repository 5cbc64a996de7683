import type { ConvertSeriesJob, SeriesConversionEvent, SeriesConverter, SeriesStatus } from '@voxa/contracts';
import { conversionWarnings } from '@voxa/imaging/dcm2niix';
import type { Deps } from '../../deps';
import { eachAtOnce } from '../../platform/concurrency/each-at-once';
import { ConversionError } from '../../platform/dcm2niix';
import { maybeGunzip } from '../../platform/gzip';
import type { StorageKey } from '../../platform/storage';
import { seriesKey, seriesPartKey } from '../../platform/storage/layout';
import { patientIdentityOf } from '../deidentify/deidentify';
import type { PatientIdentity } from '../deidentify/descriptors';
import { blankNiftiText } from '../deidentify/nifti';
import { indexSeries, unindexSeries } from '../dicomweb/index-series';
import { runFlowStep } from '../flows/run-step';
import { createAutomaticInferences } from '../inference/auto';
import { readSeriesData, seriesDataText, type SeriesData } from '../studies/series-data';
import { writeSlideshow } from '../studies/slideshow';
import {
  deidentifyOutputs,
  renameOutputs,
  subSeriesUuid,
  syncOutputs,
  type CleanedDescriptors,
  type SeriesOutputs,
} from './outputs';
import { convertInput } from './offset-tables';
import { keepDicom, writeDeidentifiedDicom } from './series-dicom';
import { inputName, linkInput, sourceKeys } from './series-input';

/** Received files removed at once once the series is done (each an unlink that waits on the disk). */
const REMOVALS_AT_ONCE = 8;

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

type Outcome =
  { status: 'done'; warnings?: string[]; converter?: SeriesConverter } | { status: 'error'; message: string };

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
 * (NIfTI header text, JSON sidecar) and the stored DICOM alike (decision 0023, the DICOM while dcm2niix
 * converts, decision 0031). Each volume is kept as a sub-series `{series uuid}-NNN` with its .json,
 * .bval and .bvec; dcm2niix's warnings stay with the series. Everything kept is on the disk before the
 * row says done; the originals of an anonymised series go once it is announced (decision 0079). A series
 * that cannot convert ends in error with the reason; the job itself then succeeds, so one broken series
 * stops nothing else. Idempotent: a series already settled is left alone, and a rerun after a crash
 * starts afresh.
 */
export async function convertSeriesJob(deps: Deps, job: ConvertSeriesJob): Promise<void> {
  const series = await loadSeries(deps, job.seriesId);
  if (!series || series.status === 'done' || series.status === 'error') return;
  const folder = seriesKey(series.teamId, series.studyUuid, series.uuid);
  const niftiDir = seriesPartKey(folder, 'nifti');
  try {
    await save(deps, series, 'generatingNii');
    await unindexSeries(deps, series.id);
    await deps.storage.remove(niftiDir);
    const sources = await sourceKeys(deps, series.teamId, job);
    const { outputs, warnings, converter, dicomKept, descriptors } =
      job.type === 'nii'
        ? {
            outputs: await storeNifti(deps, series, job, sources, niftiDir),
            warnings: [],
            converter: undefined,
            dicomKept: Promise.resolve(),
            descriptors: null,
          }
        : await convertDicom(deps, series, job, sources, folder);
    // The slideshow is drawn while the stored DICOM is still being de-identified and the outputs flushed.
    const [slideshow] = await allDone(
      slideshowOf(deps, folder, outputs.volumes),
      Promise.all([dicomKept, syncOutputs(deps, niftiDir, outputs.files)]),
    );
    const data: SeriesData = {
      ...series.data,
      ...descriptors,
      nifti: outputs.volumes,
      outputs: outputs.files,
      folder: [...folder],
      warnings,
      converter,
      slideshow,
      slideshowVersion: Date.now().toString(36),
    };
    await save(deps, series, 'done', data);
    announce(deps, series, {
      status: 'done',
      ...(warnings.length > 0 && { warnings }),
      ...(converter && { converter }),
    });
    if (job.anonymize) await removeOriginals(deps, sources);
    await indexAfterConversion(deps, series);
    await inferAfterConversion(deps, series.id);
    await runFlowAfterConversion(deps, series.id);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const kept = error instanceof KeptUnconverted;
    await deps.storage.remove(seriesPartKey(folder, 'input'));
    if (!kept) await deps.storage.remove(seriesPartKey(folder, 'dicom'));
    await save(deps, series, 'error', { ...series.data, error: message });
    announce(deps, series, { status: 'error', message });
    if (kept) await indexAfterConversion(deps, series);
  }
}

/**
 * The received files of an anonymised series go once it is done and announced (their de-identified copies
 * are kept). A failure there is logged, never the conversion's: what is left goes with the upload's
 * session when it finishes or expires, as after a crash between the row and the removal.
 */
async function removeOriginals(deps: Deps, sources: StorageKey[]): Promise<void> {
  try {
    await eachAtOnce(sources, REMOVALS_AT_ONCE, (key) => deps.storage.remove(key));
  } catch (error) {
    deps.log.error({ err: error }, 'received files not removed');
  }
}

/**
 * The series served by DICOMweb at once, its older copies giving way (decision 0091). A failure there is
 * logged, never the conversion's: the next DICOMweb read indexes what is left unindexed.
 */
async function indexAfterConversion(deps: Deps, series: Series): Promise<void> {
  try {
    await indexSeries(deps, series.teamId, series.id);
  } catch (error) {
    deps.log.error({ err: error, seriesId: series.id }, 'series not indexed');
  }
}

/** The spec's models on a converted CT or MR: a failure there is logged, never the conversion's. */
async function inferAfterConversion(deps: Deps, seriesId: number): Promise<void> {
  try {
    await createAutomaticInferences(deps, seriesId);
  } catch (error) {
    deps.log.error({ err: error, seriesId }, 'automatic inferences not created');
  }
}

/** The series' step of its study's flow (after the automatic inferences, which it may reuse). */
async function runFlowAfterConversion(deps: Deps, seriesId: number): Promise<void> {
  try {
    await runFlowStep(deps, seriesId);
  } catch (error) {
    deps.log.error({ err: error, seriesId }, 'flow step not run');
  }
}

/** Both results once both have settled, or the first failure then: nothing is left running behind. */
async function allDone<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

interface ConvertedDicom {
  outputs: SeriesOutputs;
  warnings: string[];
  /** The build and version that converted it, kept with the warnings (decision 0087). */
  converter: SeriesConverter;
  /** The stored DICOM kept (de-identified when asked): still under way when the outputs are ready. */
  dicomKept: Promise<void>;
  /** When anonymised, the descriptors as the cleaned outputs keep them, for the series' row (decision 0086). */
  descriptors: CleanedDescriptors | null;
}

/** The patient the series' first received file names, whose traces its descriptors are cleaned of. */
async function identityOfInput(deps: Deps, input: StorageKey, name: string): Promise<PatientIdentity> {
  try {
    return patientIdentityOf(await deps.storage.readBytes([...input, name]));
  } catch (error) {
    throw new ConversionError(`A file of the series cannot be de-identified: ${String(error)}`, '');
  }
}

/**
 * dcm2niix converts the linked input while the stored DICOM is de-identified from the same files (both
 * only read them); the input goes once both are done.
 */
async function convertDicom(
  deps: Deps,
  series: Series,
  job: ConvertSeriesJob,
  sources: StorageKey[],
  folder: StorageKey,
): Promise<ConvertedDicom> {
  const input = await linkInput(deps, folder, sources);
  const niftiDir = seriesPartKey(folder, 'nifti');
  const names = sources.map((_, i) => inputName(i));
  const converting = convertInput(deps, input, names, await deps.storage.path(niftiDir));
  const copies = job.anonymize
    ? writeDeidentifiedDicom(deps, series.teamId, folder, names)
    : Promise.resolve();
  // Read now: the input goes once the copies and the conversion are done, maybe before the outputs are.
  const identity = job.anonymize ? identityOfInput(deps, input, names[0] ?? '') : null;
  const dicomKept = Promise.all([copies, converting, identity]).then(() =>
    keepDicom(deps, folder, job.anonymize),
  );
  // Handled here at once: a failure of the copies surfaces when dicomKept is awaited, not as unhandled.
  dicomKept.catch(() => undefined);
  identity?.catch(() => undefined);
  try {
    const converted = await converting;
    const outputs = await renameOutputs(deps, niftiDir, series.uuid, converted.files);
    const descriptors = identity
      ? await deidentifyOutputs(deps, niftiDir, outputs.files, await identity)
      : null;
    return {
      outputs,
      warnings: conversionWarnings(converted.log.split('\n')),
      converter: { build: converted.converter, version: converted.version },
      dicomKept,
      descriptors,
    };
  } catch (error) {
    // The copies still read the input, which the caller removes on failure.
    if (await succeeds(dicomKept)) throw new KeptUnconverted(error);
    // What dcm2niix cannot convert (a report, a waveform, a syntax it cannot read) is kept all the same
    // and served (decision 0091); only a series whose files cannot be de-identified keeps nothing.
    if (!(await succeeds(copies))) throw error;
    await keepDicom(deps, folder, job.anonymize);
    throw new KeptUnconverted(error);
  }
}

const succeeds = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => false,
  );

/** A series that did not convert but whose DICOM is kept, as stored (de-identified when asked). */
class KeptUnconverted extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
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
  const received = await deps.storage.readBytes(source);
  let bytes = await maybeGunzip(received, deps.config.UPLOAD_MAX_FILE_BYTES);
  if (job.anonymize) bytes = blankNiftiText(bytes);
  const file = `${subSeriesUuid(series.uuid, 1)}.nii`;
  await deps.storage.writeAtomic([...niftiDir, file], bytes);
  return { volumes: [file], files: [file] };
}
