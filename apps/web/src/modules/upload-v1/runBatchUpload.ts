import * as api from '@voxa/contracts/areas';
import { BATCH_UPLOAD, type BatchMoveSeries, type UploadStudyBody } from '@voxa/contracts';
import {
  bodyPartFromFile,
  v1ConversionEnded,
  v1Result,
  v1StartsChecked,
  type Category,
  type UploadSeries,
  type UploadStudy,
  type V1Result,
  type V1UploadState,
} from '@voxa/imaging';
import { call } from '../../lib/api';
import {
  browserConnection,
  teamPseudonyms,
  uploadFiles,
  type SkippedFile,
  type TransferFile,
} from '../upload/transfer';
import { sortArchives } from './sortArchives';

/** A study as the V1 page sends it: its checked series and the body part chosen. */
export interface BatchStudy {
  study: UploadStudy;
  bodyPart: string | null;
  checked: Set<string>;
}

export interface BatchInput {
  studies: BatchStudy[];
  /** Archives (zip, rar, tar.gz): inflated and read on the server after the upload. */
  archives: File[];
  categories: readonly Category[];
  fileOf: (ref: UploadSeries['files'][number]) => File | undefined;
  /** Files that could not be read in the browser: counted as failed in the result. */
  unreadable: number;
  onState: (state: V1UploadState) => void;
  /** Files of the archives the server could not read, with the reason, once the archives are sorted. */
  onSkipped: (skipped: SkippedFile[]) => void;
}

interface StoredSeries {
  key: string;
  uuid: string;
  fileCount: number;
  /** Where its files are: upload file ids once sent (local), or paths in the inflated archives. */
  location: 'local' | 'server';
  files: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seriesKey = (studyIndex: number, seriesIndex: number) => `s${studyIndex + 1}-${seriesIndex + 1}`;

function studyBody(
  study: UploadStudy,
  series: UploadSeries[],
  studyIndex: number,
  pseudonym: string,
): UploadStudyBody {
  return {
    // Neutral ids, as V2 sends them: the server keeps these with the study.
    id: `study-${studyIndex + 1}`,
    // Anonymised, so under the team pseudonym as V2 stores it, never the name the files carry.
    patientName: pseudonym,
    patientSex: study.patientSex,
    studyDate: study.studyDate,
    studyTime: study.studyTime,
    modality: study.modality,
    pipelineCode: null,
    series: series.map((s, seriesIndex) => ({
      id: seriesKey(studyIndex, seriesIndex),
      type: s.type,
      seriesNumber: s.seriesNumber,
      seriesDescription: s.seriesDescription,
      protocolName: s.protocolName,
      modalityCode: s.modalityCode,
      acquisitionCode: null,
      score: null,
      ref_serie: false,
      sort: seriesIndex,
      cnt: s.cnt,
      numberOfFrames: s.numberOfFrames,
      rows: s.rows,
      columns: s.columns,
      files: [],
    })),
  };
}

/** POST upload/studies for one study and its checked series (V1 answers studyUuid). */
async function storeStudy(
  session: string,
  study: UploadStudy,
  series: UploadSeries[],
  bodyPart: string | null,
  studyIndex: number,
  pseudonym: string,
) {
  const reply = await call(api.conversion.createStudy, {
    query: { version: '1' },
    body: {
      study: studyBody(study, series, studyIndex, pseudonym),
      studyInstanceUid: study.studyInstanceUid,
      bodyPart,
      labels: [],
      session_id: session,
      // V1 has no 'Anonymize all' switch: it stores what V2 stores by default, the de-identified study.
      anonymize: true,
    },
  });
  const uuidOf = (key: string) => reply.series.find((r) => r.clientId === key)?.uuid ?? '';
  return { studyUuid: reply.studyUuid, uuidOf };
}

const pseudonymsOf = (studies: readonly UploadStudy[]) =>
  teamPseudonyms(
    call,
    studies.map((s) => s.originalPatientName),
  );

/**
 * The V1 upload (upload-and-organize.md 4, 7 V1): a session, the studies stored, the checked series'
 * files and the archives sent in chunks (2 at once, 2 MB chunks, 5 retries), the archives sorted on the
 * server, the move to conversion, then check-status every 3 s after 3 s until every checked series is
 * converted or failed. Answers the result box's kind.
 */
export async function runBatchUpload(input: BatchInput): Promise<V1Result> {
  input.onState('uploading');
  const { session } = (await call(api.batchUpload.action, { body: { prepare: true } })) as {
    session: string;
  };
  const files: TransferFile[] = [];
  const stored: { studyUuid: string; series: StoredSeries[] }[] = [];
  const pseudonyms = await pseudonymsOf(input.studies.map((b) => b.study));
  for (const [studyIndex, b] of input.studies.entries()) {
    const checked = b.study.series.filter((s) => b.checked.has(s.id));
    const pseudonym = pseudonyms[studyIndex] ?? '';
    const { studyUuid, uuidOf } = await storeStudy(
      session,
      b.study,
      checked,
      b.bodyPart,
      studyIndex,
      pseudonym,
    );
    stored.push({
      studyUuid,
      series: checked.map((s, seriesIndex) => {
        const key = seriesKey(studyIndex, seriesIndex);
        for (const [fileIndex, ref] of s.files.entries()) {
          const file = input.fileOf(ref);
          if (file)
            files.push({
              file,
              path: `${key}/${fileIndex + 1}.dcm`,
              lastModified: file.lastModified,
              seriesId: key,
            });
        }
        return { key, uuid: uuidOf(key), fileCount: s.files.length, location: 'local', files: [] };
      }),
    });
  }
  input.archives.forEach((file, index) =>
    files.push({
      file,
      path: `archives/${index + 1}/${file.name}`,
      lastModified: file.lastModified,
      seriesId: 'archives',
    }),
  );

  const sent = await uploadFiles(files, {
    session,
    connection: { ...browserConnection(), chunkPath: api.batchUpload.chunk.path },
    chunkSize: BATCH_UPLOAD.minChunkBytes,
    parallelFiles: BATCH_UPLOAD.threads,
    retries: BATCH_UPLOAD.retries,
  });
  let failedFiles = input.unreadable;
  for (const f of sent.files) {
    if (f.status !== 'done') failedFiles += 1;
    else if (f.seriesId !== 'archives')
      stored
        .flatMap((s) => s.series)
        .find((x) => x.key === f.seriesId)
        ?.files.push(f.fileId);
  }
  input.onState('uploaded');

  if (sent.files.some((f) => f.seriesId === 'archives' && f.status === 'done')) {
    const sorted = await sortArchives(session);
    if (!sorted?.result) failedFiles += input.archives.length;
    else {
      failedFiles += sorted.result.archives.filter((a) => a.error).length;
      input.onSkipped(sorted.result.skipped);
      const sortedPseudonyms = await pseudonymsOf(sorted.result.studies);
      for (const [sortedIndex, study] of sorted.result.studies.entries()) {
        const checked = study.series.filter((s) => s.valid && v1StartsChecked(s));
        if (checked.length === 0) continue;
        const studyIndex = stored.length;
        const fromFile = study.series.map((s) => s.recognition?.bodyPart ?? null).find((p) => p) ?? null;
        const bodyPart = bodyPartFromFile(fromFile, input.categories);
        const pseudonym = sortedPseudonyms[sortedIndex] ?? '';
        const { studyUuid, uuidOf } = await storeStudy(
          session,
          study,
          checked,
          bodyPart,
          studyIndex,
          pseudonym,
        );
        stored.push({
          studyUuid,
          series: checked.map((s, seriesIndex) => {
            const key = seriesKey(studyIndex, seriesIndex);
            const paths = s.files.map((f) => f.path ?? f.name);
            return { key, uuid: uuidOf(key), fileCount: paths.length, location: 'server', files: paths };
          }),
        });
      }
    }
  }
  input.onState('sorted');

  const all = stored.flatMap((s) => s.series.map((x) => ({ studyUuid: s.studyUuid, ...x })));
  const moving: BatchMoveSeries[] = all
    .filter((x) => x.files.length > 0)
    .map((x) => ({ studyUuid: x.studyUuid, seriesUuid: x.uuid, location: x.location, files: x.files }));
  if (moving.length === 0) return v1Result({ succeeded: 0, failed: Math.max(1, failedFiles) });
  const movedStudies = [...new Set(moving.map((m) => m.studyUuid))];
  await call(api.batchUpload.action, {
    body: {
      move: 1,
      session_id: session,
      studies: movedStudies.map((studyUuid) => ({ studyUuid })),
      series: moving,
    },
  });
  input.onState('converting');

  const filesOf = new Map(all.map((x) => [x.uuid, x.fileCount]));
  const notMoved = all.length - moving.length;
  await sleep(BATCH_UPLOAD.firstStatusDelayMs);
  let succeeded = 0;
  let failedSeriesFiles = 0;
  for (;;) {
    const reply = (await call(api.batchUpload.action, {
      body: { 'check-status': 1, studies: movedStudies },
    })) as { studies: Record<string, { seriesUuid: string; status: string }[]> };
    const states = Object.values(reply.studies).flat();
    const converted = states.filter((s) => s.status === 'converted');
    const failed = states.filter((s) => s.status === 'error');
    if (v1ConversionEnded(converted.length, failed.length + notMoved, all.length)) {
      succeeded = converted.reduce((n, s) => n + (filesOf.get(s.seriesUuid) ?? 0), 0);
      failedSeriesFiles = failed.reduce((n, s) => n + (filesOf.get(s.seriesUuid) ?? 0), 0);
      break;
    }
    await sleep(BATCH_UPLOAD.statusPollMs);
  }
  input.onState('organize');
  await call(api.conversion.finished, { body: { studies: stored.map((s) => ({ studyUuid: s.studyUuid })) } });
  input.onState('done');
  return v1Result({ succeeded, failed: failedFiles + failedSeriesFiles });
}
