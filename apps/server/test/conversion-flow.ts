import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadSeriesBody } from '@voxa/contracts';
import { expect } from 'vitest';
import { TESTDATA_DIR } from './corpus';
import { buildTeam, buildUser, type TestTeam, type TestUser } from './factories';
import { readVolume, type Volume } from './nifti-volume';
import { withIdentity } from './identity';
import { createTestApp, type TestApp } from './test-app';
import { prepare, sendFile, sha256 } from './upload-calls';

/** The upload's second half as the page drives it: chunks, study, one conversion request per series. */
export interface Uploader {
  t: TestApp;
  owner: TestUser;
  team: TestTeam;
}

/**
 * A test server of its own (every byte it stores can be searched, its log too: it logs at debug) and the
 * Owner of a new team on it.
 */
export async function newUploader(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<Uploader> {
  const t = await createTestApp({ LOG_LEVEL: 'debug', ...env }, options);
  const owner = await buildUser(t);
  return { t, owner, team: await buildTeam(t, owner) };
}

const who = (u: Uploader) => ({ token: u.owner.token, team: u.team.slug });
const CHUNK = 2_097_152;

export interface LocalSeries {
  id: string;
  files: { name: string; bytes: Uint8Array }[];
}

export async function folderSeries(dataset: string): Promise<LocalSeries[]> {
  const root = path.join(TESTDATA_DIR, 'dicom', dataset);
  const walk = async (dir: string): Promise<LocalSeries[]> => {
    const entries = await readdir(dir, { withFileTypes: true });
    const files = entries.filter((e) => e.isFile() && !e.name.endsWith('.txt'));
    const own: LocalSeries[] = files.length
      ? [
          {
            id: path.relative(root, dir) || dataset,
            files: await Promise.all(
              files.map(async (f) => ({
                name: path.relative(root, path.join(dir, f.name)),
                bytes: new Uint8Array(await readFile(path.join(dir, f.name))),
              })),
            ),
          },
        ]
      : [];
    const below = await Promise.all(
      entries.filter((e) => e.isDirectory()).map((e) => walk(path.join(dir, e.name))),
    );
    return [...own, ...below.flat()];
  };
  return walk(root);
}

const seriesBody = (
  s: LocalSeries,
  index: number,
  modalityCode: string,
  acquisitionCode = 'NONE',
): UploadSeriesBody => ({
  id: s.id,
  type: 'dcm',
  seriesNumber: index + 1,
  seriesDescription: null,
  protocolName: null,
  modalityCode,
  acquisitionCode,
  score: 0,
  ref_serie: false,
  sort: index,
  cnt: s.files.length,
  numberOfFrames: 1,
  rows: null,
  columns: null,
  files: s.files.slice(0, 10).map((f) => path.basename(f.name)),
});

/** Neutral paths, as the page sends them (a corpus file name may carry a UID). */
const uploadPath = (seriesIndex: number, fileIndex: number) => `1/${seriesIndex + 1}/${fileIndex + 1}.dcm`;
const fileId = (name: string) => sha256(new TextEncoder().encode(name)).slice(0, 32);

export interface UploadOptions {
  anonymize: boolean;
  patientName: string;
  studyUid: string | null;
  /** The series' modality as the page recognised it (MR unless told). */
  modalityCode?: string;
  /** The study's pipeline (a code of the team's) and the acquisition every series is given (NONE unless told). */
  pipelineCode?: string;
  acquisitionCode?: string;
}

export interface StoredStudyBody {
  id: number;
  uuid: string;
  series: { id: number; uuid: string; clientId: string }[];
}

/** Sends the files of the series at `seriesIndex` under neutral paths, in chunks, as the page does. */
export async function sendSeries(u: Uploader, session: string, s: LocalSeries, seriesIndex: number) {
  for (const [fileIndex, f] of s.files.entries()) {
    const name = uploadPath(seriesIndex, fileIndex);
    const sent = await sendFile(u.t, who(u), {
      session,
      name,
      id: fileId(name),
      bytes: f.bytes,
      chunk: CHUNK,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }
}

/** Stores the study and its series, as the page does before it sends their files. */
export async function storeStudy(
  u: Uploader,
  session: string,
  series: LocalSeries[],
  opts: UploadOptions,
): Promise<StoredStudyBody> {
  const stored = await u.t.call('POST', '/upload/studies?version=2', {
    ...who(u),
    body: {
      study: {
        id: 'study-1',
        patientName: opts.patientName,
        patientSex: null,
        studyDate: null,
        studyTime: null,
        modality: 'MR',
        pipelineCode: opts.pipelineCode ?? null,
        series: series.map((s, index) =>
          seriesBody(s, index, opts.modalityCode ?? 'MR', opts.acquisitionCode ?? 'NONE'),
        ),
      },
      studyInstanceUid: opts.studyUid,
      session_id: session,
      anonymize: opts.anonymize,
    },
  });
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  return stored.body as StoredStudyBody;
}

/** Asks for the conversion of the series at `idx` of the stored study (202). */
export async function requestConversion(
  u: Uploader,
  session: string,
  study: StoredStudyBody,
  s: LocalSeries,
  idx: number,
  anonymize: boolean,
) {
  const remote = study.series.find((r) => r.clientId === s.id);
  const converting = await u.t.call('POST', `/c-upload/convert/serie/${session}`, {
    ...who(u),
    body: {
      studyClientId: 'study-1',
      studyRemoteId: study.id,
      studyRemoteUuid: study.uuid,
      serieClientUploadId: s.id,
      serieRemoteId: remote?.id,
      serieRemoteUuid: remote?.uuid,
      type: 'dcm',
      location: 'local',
      files: s.files.map((_, fileIndex) => fileId(uploadPath(idx, fileIndex))),
      modalityCode: 'MR',
      anonymize,
      idx,
    },
  });
  expect(converting.status, JSON.stringify(converting.body)).toBe(202);
}

/** Sends the series' files, stores the study and asks for each series' conversion; answers the study. */
export async function upload(u: Uploader, series: LocalSeries[], opts: UploadOptions) {
  const session = await prepare(u.t, who(u));
  for (const [seriesIndex, s] of series.entries()) await sendSeries(u, session, s, seriesIndex);
  const study = await storeStudy(u, session, series, opts);
  for (const [idx, s] of series.entries()) await requestConversion(u, session, study, s, idx, opts.anonymize);
  return { session, study };
}

/** A new upload session of the uploader (POST /c-upload). */
export const openSession = (u: Uploader) => prepare(u.t, who(u));

export async function settled(u: Uploader, studyId: number, ms = 240_000) {
  const end = Date.now() + ms;
  for (;;) {
    const rows = await u.t.db
      .selectFrom('series')
      .select(['uuid', 'status', 'data'])
      .where('study_id', '=', studyId)
      .execute();
    if (rows.every((r) => r.status === 'done' || r.status === 'error')) return rows;
    if (Date.now() > end) throw new Error(`series still converting: ${rows.map((r) => r.status).join()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function volumesOf(
  u: Uploader,
  studyUuid: string,
  rows: { uuid: string; status: string; data: Record<string, unknown> }[],
) {
  const volumes: Volume[] = [];
  for (const row of rows.filter((r) => r.status === 'done'))
    for (const file of row.data.nifti as string[]) {
      expect(file).toMatch(new RegExp(`^${row.uuid}-\\d{3}\\.nii$`));
      const key = ['teams', String(u.team.id), 'studies', studyUuid, 'series', row.uuid, 'nifti', file];
      volumes.push(await readVolume(await u.t.app.deps.storage.path(key)));
    }
  return volumes;
}

export async function references(dataset: string): Promise<Volume[]> {
  const dir = path.join(TESTDATA_DIR, 'reference', dataset);
  const names = (await readdir(dir)).filter((f) => f.endsWith('.nii'));
  return Promise.all(names.map((n) => readVolume(path.join(dir, n))));
}

/** The series with the planted identity in every file (test/identity.ts), and the original UIDs they hold. */
export function withPlantedIdentity(series: LocalSeries[]): { series: LocalSeries[]; uids: Set<string> } {
  const uids = new Set<string>();
  const planted = series.map((s) => ({
    ...s,
    files: s.files.map((f) => {
      const { file, uids: own } = withIdentity(f.bytes);
      for (const uid of own) uids.add(uid);
      return { ...f, bytes: file };
    }),
  }));
  return { series: planted, uids };
}
