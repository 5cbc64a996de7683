import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadSeriesBody } from '@voxa/contracts';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESTDATA_DIR } from '../../../test/corpus';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { IDENTITY_TEXTS, PLANTED_IDENTITY, withIdentity } from '../../../test/identity';
import { readVolume, sameVolume, type Volume } from '../../../test/nifti-volume';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { prepare, sendFile, sha256 } from '../../../test/upload-calls';

/**
 * The upload's second half through the real endpoints: files sent in chunks, the study stored, each
 * series converted by the job queue with dcm2niix WebAssembly, then upload-finished.
 */

let t: TestApp;
let owner: TestUser;
let team: TestTeam;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
  team = await buildTeam(t, owner);
});
afterAll(async () => t.close());

const who = () => ({ token: owner.token, team: team.slug });
const CHUNK = 2_097_152;

interface LocalSeries {
  id: string;
  files: { name: string; bytes: Uint8Array }[];
}

async function folderSeries(dataset: string): Promise<LocalSeries[]> {
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

const seriesBody = (s: LocalSeries, index: number): UploadSeriesBody => ({
  id: s.id,
  type: 'dcm',
  seriesNumber: index + 1,
  seriesDescription: null,
  protocolName: null,
  modalityCode: 'MR',
  acquisitionCode: 'NONE',
  score: 0,
  ref_serie: false,
  sort: index,
  cnt: s.files.length,
  numberOfFrames: 1,
  rows: null,
  columns: null,
  files: s.files.slice(0, 10).map((f) => path.basename(f.name)),
});

const fileId = (name: string) => sha256(new TextEncoder().encode(name)).slice(0, 32);

/** Sends the series' files, stores the study and asks for each series' conversion; answers the study. */
async function upload(
  series: LocalSeries[],
  opts: { anonymize: boolean; patientName: string; studyUid: string | null },
) {
  const session = await prepare(t, who());
  for (const s of series)
    for (const f of s.files) {
      const sent = await sendFile(t, who(), {
        session,
        name: f.name,
        id: fileId(f.name),
        bytes: f.bytes,
        chunk: CHUNK,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
  const stored = await t.call('POST', '/upload/studies?version=2', {
    ...who(),
    body: {
      study: {
        id: 'study-1',
        patientName: opts.patientName,
        patientSex: null,
        studyDate: null,
        studyTime: null,
        modality: 'MR',
        pipelineCode: null,
        series: series.map(seriesBody),
      },
      studyInstanceUid: opts.studyUid,
      session_id: session,
      anonymize: opts.anonymize,
    },
  });
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  for (const [idx, s] of series.entries()) {
    const remote = stored.body.series.find((r: { clientId: string }) => r.clientId === s.id);
    const converting = await t.call('POST', `/c-upload/convert/serie/${session}`, {
      ...who(),
      body: {
        studyClientId: 'study-1',
        studyRemoteId: stored.body.id,
        studyRemoteUuid: stored.body.uuid,
        serieClientUploadId: s.id,
        serieRemoteId: remote.id,
        serieRemoteUuid: remote.uuid,
        type: 'dcm',
        location: 'local',
        files: s.files.map((f) => fileId(f.name)),
        modalityCode: 'MR',
        anonymize: opts.anonymize,
        idx,
      },
    });
    expect(converting.status, JSON.stringify(converting.body)).toBe(202);
  }
  return {
    session,
    study: stored.body as {
      id: number;
      uuid: string;
      series: { id: number; uuid: string; clientId: string }[];
    },
  };
}

async function settled(studyId: number, ms = 240_000) {
  const end = Date.now() + ms;
  for (;;) {
    const rows = await t.db
      .selectFrom('series')
      .select(['uuid', 'status', 'data'])
      .where('study_id', '=', studyId)
      .execute();
    if (rows.every((r) => r.status === 'done' || r.status === 'error')) return rows;
    if (Date.now() > end) throw new Error(`series still converting: ${rows.map((r) => r.status).join()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function volumesOf(
  studyUuid: string,
  rows: { uuid: string; status: string; data: Record<string, unknown> }[],
) {
  const volumes: Volume[] = [];
  for (const row of rows.filter((r) => r.status === 'done'))
    for (const file of row.data.nifti as string[]) {
      expect(file).toMatch(new RegExp(`^${row.uuid}-\\d{3}\\.nii$`));
      const key = ['teams', String(team.id), 'studies', studyUuid, 'series', row.uuid, 'nifti', file];
      volumes.push(await readVolume(await t.app.deps.storage.path(key)));
    }
  return volumes;
}

async function references(dataset: string): Promise<Volume[]> {
  const dir = path.join(TESTDATA_DIR, 'reference', dataset);
  const names = (await readdir(dir)).filter((f) => f.endsWith('.nii'));
  return Promise.all(names.map((n) => readVolume(path.join(dir, n))));
}

describe('conversion through the upload endpoints', () => {
  for (const dataset of ['dcm_qa_ts', 'dcm_qa_nih', 'dcm_qa_enh', 'dcm_qa_xa30']) {
    it(`converts every series of ${dataset} to the reference volumes`, { timeout: 300_000 }, async () => {
      const series = await folderSeries(dataset);
      const { study } = await upload(series, { anonymize: false, patientName: 'Test', studyUid: null });
      const rows = await settled(study.id);
      const volumes = await volumesOf(study.uuid, rows);
      for (const reference of await references(dataset))
        expect(
          volumes.some((v) => sameVolume(v, reference)),
          `${dataset}/${reference.name}`,
        ).toBe(true);
      if (dataset === 'dcm_qa_xa30') {
        // The protocol documents hold no image: that series fails, the others convert all the same.
        const failed = rows.filter((r) => r.status === 'error');
        expect(failed).toHaveLength(1);
        expect(String(failed[0]?.data.error)).toMatch(/no NIfTI/);
      } else expect(rows.every((r) => r.status === 'done')).toBe(true);
      const finished = await t.call('POST', '/upload-finished', {
        ...who(),
        body: { studies: [{ studyUuid: study.uuid }] },
      });
      expect(finished.body.studies).toEqual([{ studyUuid: study.uuid, status: 'converted' }]);
    });
  }
});

describe('anonymised upload', () => {
  it(
    'keeps no byte of the planted identity anywhere the server stores, and converts all the same',
    { timeout: 300_000 },
    async () => {
      const [mosaic] = await folderSeries('dcm_qa_nih/20180918Si/mr_0003');
      if (!mosaic) throw new Error('corpus series missing');
      let studyUid = '';
      const planted: LocalSeries = {
        id: 'mosaic',
        files: mosaic.files.map((f, i) => {
          const { file, studyUid: uid } = withIdentity(f.bytes);
          studyUid = uid;
          return { name: `series/${i + 1}.dcm`, bytes: file };
        }),
      };
      const encoded = Buffer.from(PLANTED_IDENTITY.name).toString('base64');
      const pseudonyms = await t.call('POST', '/c-upload/a', {
        ...who(),
        body: { s: [{ id: 'p', n: encoded }] },
      });
      const patientName: string = pseudonyms.body.a[0].n;

      const socket = io(t.url, {
        path: '/socket.io',
        auth: { token: owner.token },
        transports: ['websocket'],
        reconnection: false,
      });
      const done = new Promise<unknown>((resolve) => socket.on('upload:conversion:oneserie:done', resolve));
      const { study } = await upload([planted], { anonymize: true, patientName, studyUid });
      const rows = await settled(study.id);
      expect(rows.map((r) => r.status)).toEqual(['done']);
      expect(await done).toMatchObject({
        studyUuid: study.uuid,
        studyClientId: 'study-1',
        serieClientUploadId: 'mosaic',
        status: 'done',
      });
      socket.close();
      await t.call('POST', '/upload-finished', { ...who(), body: { studies: [{ studyUuid: study.uuid }] } });

      const volumes = await volumesOf(study.uuid, rows);
      const reference = (await references('dcm_qa_nih')).find((r) => r.name === 'EPI_PE=AP_3.nii');
      expect(volumes.some((v) => reference && sameVolume(v, reference))).toBe(true);

      // Every byte under DATA_DIR, and every row of the database, as text.
      const stored: string[] = [];
      const walk = async (dir: string) => {
        for (const e of await readdir(dir, { withFileTypes: true })) {
          const full = path.join(dir, e.name);
          if (e.isDirectory()) await walk(full);
          else stored.push((await readFile(full)).toString('latin1'));
        }
      };
      await walk(t.app.deps.storage.root);
      for (const table of ['studies', 'series', 'upload_sessions', 'upload_files', 'jobs'] as const)
        stored.push(JSON.stringify(await t.db.selectFrom(table).selectAll().execute()));
      const everything = stored.join('\n');
      for (const text of [...IDENTITY_TEXTS, studyUid]) expect(everything.includes(text), text).toBe(false);
      expect(everything).toContain(patientName);
    },
  );
});
