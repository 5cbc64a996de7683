import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type TransferConnection } from './transferClient';
import { uploadFiles, type TransferFile } from './uploader';

/** The parts of the server's test harness used here (apps/server/test). */
interface ServerHarness {
  url: string;
  config: { DATA_DIR: string };
  restart(): Promise<void>;
  close(): Promise<void>;
}
interface Factories {
  buildUser(t: ServerHarness): Promise<{ token: string }>;
  buildTeam(t: ServerHarness, owner: { token: string }): Promise<{ id: number; slug: string }>;
}

// Loaded at run time: the web project does not compile the server's code.
const serverTest = path.resolve(import.meta.dirname, '../../../../../server/test');
const { createTestApp } = (await import(/* @vite-ignore */ path.join(serverTest, 'test-app.ts'))) as {
  createTestApp: () => Promise<ServerHarness>;
};
const { buildUser, buildTeam } = (await import(
  /* @vite-ignore */ path.join(serverTest, 'factories.ts')
)) as Factories;

const repoRoot = path.resolve(import.meta.dirname, '../../../../../..');
const testdata = process.env.TESTDATA_DIR ?? path.resolve(repoRoot, '../shared/testdata');
const NAMES = [
  'dicom/dcm_qa_xa30/5_anat-T1w_acq-tfl/0001_1.3.12.2.1107.5.2.43.67093.2022071112080825794102791.dcm',
  'dicom/pydicom-data/MR2_UNCR.dcm',
  'dicom/dcm_qa_ts/1.dcm',
  'dicom/dcm_qa_ts/2.dcm',
  'dicom/suyashkumar-dicom/1.dcm',
];
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let t: ServerHarness;
let connection: TransferConnection;
let posts = 0;
let teamId: number;
let files: (TransferFile & { bytes: Uint8Array })[];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await buildUser(t);
  const team = await buildTeam(t, owner);
  teamId = team.id;
  connection = {
    apiBase: '',
    headers: () => ({ Authorization: `Bearer ${owner.token}`, Team: team.slug }),
    fetch: (input, init) => {
      if (init?.method === 'POST') posts += 1;
      return fetch(`${t.url}/api${String(input)}`, init);
    },
  };
  files = await Promise.all(
    NAMES.map(async (name, i) => {
      const bytes = new Uint8Array(await readFile(path.join(testdata, name)));
      return {
        bytes,
        file: new Blob([bytes]),
        path: name,
        lastModified: 1_700_000_000_000,
        seriesId: `s${i % 2}`,
      };
    }),
  );
  // Generous: a server start takes a minute when the shared machine is busy.
}, 180_000);
afterAll(async () => t.close());

describe('the web uploader against the real server', () => {
  it('uploads real files, byte-identical, and resumes after an abort and a server restart', async () => {
    const session = await openSession(connection);
    const stop = new AbortController();
    const first = await uploadFiles(files, {
      session,
      connection,
      chunkSize: 2 * 1024 * 1024,
      signal: stop.signal,
      onProgress: (e) => {
        if (e.type === 'file' && e.status === 'done') stop.abort();
      },
    });
    expect(first.aborted).toBe(true);
    const doneFirst = first.files.filter((f) => f.status === 'done').length;
    expect(doneFirst).toBeGreaterThan(0);
    expect(doneFirst).toBeLessThan(files.length);

    await t.restart();
    posts = 0;
    const second = await uploadFiles(files, {
      session,
      connection,
      chunkSize: 2 * 1024 * 1024,
      retryDelayMs: () => 10,
    });
    expect(second.files.map((f) => f.sha256)).toEqual(files.map((f) => sha(f.bytes)));
    const chunks = files.reduce((n, f) => n + Math.max(1, Math.ceil(f.bytes.length / (2 * 1024 * 1024))), 0);
    expect(posts).toBeLessThan(chunks);
    for (const f of files) {
      const stored = await readFile(
        path.join(t.config.DATA_DIR, 'teams', String(teamId), 'uploads', session, 'files', f.path),
      );
      expect(sha(stored)).toBe(sha(f.bytes));
    }
  });
});
