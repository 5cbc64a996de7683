import * as api from '@voxa/contracts/areas';
import { type SeriesConversionEvent, type StoredStudy, type UploadStudyBody } from '@voxa/contracts';
import { queueBatches, type FileRef } from '@voxa/imaging';
import type { call as apiCall } from '../../../lib/api';
import type { PageSeries } from '../state/model';
import type { PlannedStudy, UploadPlan } from '../state/process';
import type { UploadProgress } from '../uploadContext';
import type { TransferConnection } from './transferClient';
import type { AwaitedSeries } from './conversionEvents';
import { teamPseudonyms } from './pseudonyms';
import { uploadFiles, type TransferFile } from './uploader';

export interface UploadServices {
  call: typeof apiCall;
  connection: TransferConnection;
  fileOf(ref: FileRef): File | undefined;
  /** Resolves with the conversion's end event of one series (listen before asking for the conversion). */
  conversionEnd(series: AwaitedSeries): Promise<SeriesConversionEvent>;
  signal?: AbortSignal;
}

interface Placed {
  planned: PlannedStudy;
  studyIndex: number;
  stored: StoredStudy;
  /** Per series: its upload files. */
  files: Map<string, TransferFile[]>;
}

/**
 * Neutral upload paths (`2/3/14.dcm`): unique within the session, the same for the same plan (so a
 * reload finds its files again), and free of names that may carry the patient's.
 */
function uploadPath(studyIndex: number, seriesIndex: number, fileIndex: number, ref: FileRef): string {
  const ext = ref.name.toLowerCase().endsWith('.nii.gz')
    ? 'nii.gz'
    : ref.name.toLowerCase().endsWith('.nii')
      ? 'nii'
      : 'dcm';
  return `${studyIndex + 1}/${seriesIndex + 1}/${fileIndex + 1}.${ext}`;
}

/**
 * The ids the server keeps and echoes in its events: positions in the plan (`2`, series `2/3`), never the
 * page's own ids, which are the original StudyInstanceUID and SeriesInstanceUID (or a NIfTI's path) and
 * must not be stored with an anonymised study.
 */
const studyClientId = (studyIndex: number) => String(studyIndex + 1);
const seriesClientId = (studyIndex: number, seriesIndex: number) => `${studyIndex + 1}/${seriesIndex + 1}`;

function studyBody(planned: PlannedStudy, studyIndex: number, patientName: string): UploadStudyBody {
  const { study } = planned;
  return {
    id: studyClientId(studyIndex),
    patientName,
    patientSex: study.patientSex,
    studyDate: study.studyDate,
    studyTime: study.studyTime,
    modality: study.modality,
    pipelineCode: study.pipelineCode,
    series: planned.series.map((s: PageSeries, seriesIndex) => ({
      id: seriesClientId(studyIndex, seriesIndex),
      type: s.type,
      seriesNumber: s.seriesNumber,
      seriesDescription: s.seriesDescription,
      protocolName: s.protocolName,
      modalityCode: s.modalityCode,
      acquisitionCode: s.acquisitionCode,
      score: s.score,
      ref_serie: s.ref_serie === true,
      sort: s.sort,
      cnt: s.cnt,
      numberOfFrames: s.numberOfFrames,
      rows: s.rows,
      columns: s.columns,
      files: s.files.slice(0, 10).map((f) => f.name),
    })),
  };
}

/**
 * The files in queue batches of about 250 MB (section 9), one batch after another. A series is uploaded
 * once every one of its files is stored, whichever batch holds them: `onSeriesStored` then hears of it,
 * with the upload id of each file stored so far, by path (the uploader's own).
 */
async function sendInBatches(
  files: TransferFile[],
  session: string,
  progress: UploadProgress,
  services: UploadServices,
  onSeriesStored: (seriesId: string, fileIds: Map<string, string>) => void,
): Promise<void> {
  const total = new Map<string, number>();
  for (const f of files) total.set(f.seriesId, (total.get(f.seriesId) ?? 0) + 1);
  const stored = new Map<string, Set<string>>();
  const failed = new Set<string>();
  const storedIds = new Map<string, string>();
  for (const batch of queueBatches(files.map((file) => ({ file, size: file.file.size })))) {
    const result = await uploadFiles(
      batch.map((b) => b.file),
      {
        session,
        connection: services.connection,
        signal: services.signal,
        onProgress: (event) => {
          if (event.type !== 'file' || event.status !== 'done') return;
          const paths = stored.get(event.seriesId) ?? new Set<string>();
          stored.set(event.seriesId, paths.add(event.path));
          storedIds.set(event.path, event.fileId);
          // Uploaded when the last of the series' files is stored, in whichever batch it was: its
          // conversion starts then, while the rest of the upload goes on.
          if (paths.size === total.get(event.seriesId) && !failed.has(event.seriesId)) {
            progress.seriesStatus(event.seriesId, 'uploaded');
            onSeriesStored(event.seriesId, storedIds);
          }
        },
      },
    );
    for (const outcome of result.files) if (outcome.status !== 'done') failed.add(outcome.seriesId);
    if (result.aborted) break;
  }
}

/** Anonymised studies go under their team pseudonym, asked of the server in one call. */
async function patientNames(plan: UploadPlan, services: UploadServices): Promise<Map<string, string>> {
  const names = new Map(plan.studies.map((p) => [p.study.id, p.study.patientName]));
  const anonymised = plan.studies.filter((p) => p.anonymize);
  const pseudonyms = await teamPseudonyms(
    services.call,
    anonymised.map((p) => p.study.originalPatientName),
    services.signal,
  );
  anonymised.forEach((p, i) => names.set(p.study.id, pseudonyms[i] ?? ''));
  return names;
}

/**
 * Asks for one series' conversion and waits for its end: converting, then done or error. A series whose
 * files did not all reach the server ends in error at once.
 */
async function convertSeries(
  { planned, studyIndex, stored, files }: Placed,
  series: PageSeries,
  idx: number,
  session: string,
  storedIds: Map<string, string>,
  progress: UploadProgress,
  services: UploadServices,
): Promise<void> {
  const clientIds = { study: studyClientId(studyIndex), series: seriesClientId(studyIndex, idx) };
  const remote = stored.series.find((r) => r.clientId === clientIds.series);
  const fileIds = series.uploadId
    ? series.files.flatMap((f) => f.path ?? [])
    : (files.get(series.id) ?? []).flatMap((f) => storedIds.get(f.path) ?? []);
  if (!remote || fileIds.length !== series.files.length) return progress.seriesStatus(series.id, 'error');
  const ended = services.conversionEnd({
    studyClientId: clientIds.study,
    seriesClientId: clientIds.series,
    studyId: stored.id,
    studyUuid: stored.uuid,
    seriesUuid: remote.uuid,
  });
  try {
    await services.call(api.conversion.convertSeries, {
      params: { session },
      body: {
        studyClientId: clientIds.study,
        studyRemoteId: stored.id,
        studyRemoteUuid: stored.uuid,
        serieClientUploadId: clientIds.series,
        serieRemoteId: remote.id,
        serieRemoteUuid: remote.uuid,
        type: series.type,
        location: series.uploadId ? 'server' : 'local',
        files: fileIds,
        modalityCode: series.modalityCode,
        anonymize: planned.anonymize,
        idx,
      },
      signal: services.signal,
    });
    progress.seriesStatus(series.id, 'converting');
    const end = await ended;
    progress.seriesStatus(series.id, end.status === 'done' ? 'done' : 'error', end.warnings, end.converter);
  } catch {
    progress.seriesStatus(series.id, 'error');
  }
}

/**
 * The upload after Process (sections 4 and 7, V2): a session (the archives' one, when there were
 * archives), the studies stored, every selected dropped file sent in resumable chunks (series read from
 * archives are on the server already and convert from there), each series converted as soon as its files
 * are stored (its done or error event ends it), and upload-finished once every series has ended. A series whose files or conversion fail
 * ends in error; the others go on.
 */
export async function runUpload(
  plan: UploadPlan,
  progress: UploadProgress,
  services: UploadServices,
): Promise<void> {
  const fail = (series: PageSeries[]) => series.forEach((s) => progress.seriesStatus(s.id, 'error'));
  const session =
    plan.session ??
    (await services.call(api.upload.prepare, { body: { prepare: true }, signal: services.signal })).session;
  const names = await patientNames(plan, services);

  const placed: Placed[] = [];
  for (const [studyIndex, planned] of plan.studies.entries()) {
    try {
      const stored = await services.call(api.conversion.createStudy, {
        query: { version: '2' },
        body: {
          study: studyBody(planned, studyIndex, names.get(planned.study.id) ?? planned.study.patientName),
          studyInstanceUid: planned.study.studyInstanceUid,
          bodyPart: null,
          labels: planned.study.labels.map((l) => l.id),
          session_id: session,
          anonymize: planned.anonymize,
        },
        signal: services.signal,
      });
      // The page knows its series by its own ids, not the neutral ones the server keeps.
      const pageIds = new Map(planned.series.map((s, i) => [seriesClientId(studyIndex, i), s.id]));
      progress.studyStored(planned.study.id, names.get(planned.study.id) ?? planned.study.patientName, {
        ...stored,
        series: stored.series.map((r) => ({ ...r, clientId: pageIds.get(r.clientId) ?? r.clientId })),
      });
      const files = new Map<string, TransferFile[]>();
      planned.series.forEach((series, seriesIndex) => {
        // A series read from an archive is on the server already.
        if (series.uploadId) return progress.seriesStatus(series.id, 'uploaded');
        files.set(
          series.id,
          series.files.flatMap((ref, fileIndex) => {
            const file = services.fileOf(ref);
            if (!file) return [];
            return [
              {
                file,
                path: uploadPath(studyIndex, seriesIndex, fileIndex, ref),
                lastModified: file.lastModified,
                seriesId: series.id,
              },
            ];
          }),
        );
      });
      placed.push({ planned, studyIndex, stored, files });
    } catch {
      fail(planned.series);
    }
  }

  // Each series converts as soon as its files are on the server: read from archives, at once; dropped
  // files, when the last of them is stored, while the rest of the upload goes on.
  const ends: Promise<void>[] = [];
  const where = new Map(
    placed.flatMap((p) => p.planned.series.map((series, idx) => [series.id, { ...p, series, idx }] as const)),
  );
  const convert = (seriesId: string, storedIds: Map<string, string>) => {
    const at = where.get(seriesId);
    if (at) ends.push(convertSeries(at, at.series, at.idx, session, storedIds, progress, services));
  };
  for (const { series } of where.values()) if (series.uploadId) convert(series.id, new Map());
  const all = placed.flatMap((p) => [...p.files.values()].flat());
  await sendInBatches(all, session, progress, services, convert);
  progress.converting();
  await Promise.all(ends);

  if (placed.length > 0)
    await services.call(api.conversion.finished, {
      body: { studies: placed.map((p) => ({ studyUuid: p.stored.uuid })) },
      signal: services.signal,
    });
  progress.finished();
}
