import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  folderSeries,
  newUploader,
  openSession,
  references,
  requestConversion,
  sendSeries,
  settled,
  storeStudy,
  volumesOf,
  withPlantedIdentity,
  type LocalSeries,
  type Uploader,
} from '../../../test/conversion-flow';
import { everythingStored, filesBelow } from '../../../test/files';
import { IDENTITY_TEXTS } from '../../../test/identity';
import { sameVolume } from '../../../test/nifti-volume';
import type { StorageKey } from '../../platform/storage';
import { deidentifiedFilesKey, sessionKey, storedFilesKey } from '../../platform/storage/layout';
import { expireUploadSessions } from '../upload/expiry';
import { readSeriesData } from '../studies/series-data';

/**
 * Decision 0070: the page stores an anonymised study before its files, so each file is de-identified on
 * the job queue as it is stored, and the conversion moves those copies in; the originals still go with the
 * series done, the session finished or expired, and a failed conversion.
 */

let u: Uploader;
let uids: Set<string>;
let mosaic: LocalSeries;
beforeAll(async () => {
  u = await newUploader();
  const [original] = await folderSeries('dcm_qa_nih/20180918Si/mr_0003');
  if (!original) throw new Error('corpus series missing');
  const planted = withPlantedIdentity([original]);
  [mosaic] = planted.series as [LocalSeries];
  uids = planted.uids;
}, 180_000);
afterAll(async () => u.t.close());

const anonymised = { anonymize: true, patientName: 'ANON-70', studyUid: null };
const HOUR = 3_600_000;

const folder = async (key: StorageKey) => u.t.app.deps.storage.path(key);
const filesIn = async (dir: string) => (existsSync(dir) ? await readdir(dir) : []);

/** Waits until the session's de-identified copies number `count`; answers their paths. */
async function copiesOf(session: string, count: number): Promise<string[]> {
  const dir = await folder(deidentifiedFilesKey(u.team.id, session));
  const end = Date.now() + 120_000;
  for (;;) {
    const names = await filesIn(dir);
    if (names.length >= count) return names.map((n) => path.join(dir, n));
    if (Date.now() > end) throw new Error(`${names.length} of ${count} copies written`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until no `deidentify-files` job is queued or running. */
async function copiesSettled(): Promise<void> {
  const end = Date.now() + 120_000;
  for (;;) {
    const open = await u.t.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', 'deidentify-files')
      .where('status', 'in', ['queued', 'running'])
      .execute();
    if (open.length === 0) return;
    if (Date.now() > end) throw new Error('de-identification jobs still open');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function finish(studyUuid: string) {
  const finished = await u.t.call('POST', '/upload-finished', {
    token: u.owner.token,
    team: u.team.slug,
    body: { studies: [{ studyUuid }] },
  });
  expect(finished.status).toBe(200);
}

async function expectNothingIdentifying() {
  const everything = await everythingStored(u.t);
  for (const text of [...IDENTITY_TEXTS, ...uids]) expect(everything.includes(text), text).toBe(false);
}

describe('de-identification while the upload goes on', () => {
  it(
    'writes each stored file’s copy before the conversion, which keeps those copies',
    { timeout: 300_000 },
    async () => {
      const session = await openSession(u);
      const study = await storeStudy(u, session, [mosaic], anonymised);
      await sendSeries(u, session, mosaic, 0);
      const copies = await copiesOf(session, mosaic.files.length);
      const copyInodes = new Set(await Promise.all(copies.map(async (c) => (await stat(c)).ino)));

      await requestConversion(u, session, study, mosaic, 0, true);
      const rows = await settled(u, study.id);
      expect(rows.map((r) => r.status)).toEqual(['done']);
      const seriesFolder = readSeriesData(rows[0]?.data).folder ?? [];
      const dicomDir = await folder([...seriesFolder, 'dicom']);
      const kept = await filesIn(dicomDir);
      expect(kept).toHaveLength(mosaic.files.length);
      // The stored DICOM are the copies written during the upload (moved in), not written again.
      for (const name of kept) expect(copyInodes.has((await stat(path.join(dicomDir, name))).ino)).toBe(true);
      // The originals went with the series done.
      expect(await filesBelow(await folder(storedFilesKey(u.team.id, session)))).toEqual([]);

      const volumes = await volumesOf(u, study.uuid, rows);
      const reference = (await references('dcm_qa_nih')).find((r) => r.name === 'EPI_PE=AP_3.nii');
      expect(volumes.some((v) => reference && sameVolume(v, reference))).toBe(true);

      await finish(study.uuid);
      await copiesSettled();
      expect(existsSync(await folder(deidentifiedFilesKey(u.team.id, session)))).toBe(false);
      await expectNothingIdentifying();
    },
  );

  it(
    'a conversion that fails still leaves no original and no copy once the upload finishes',
    { timeout: 300_000 },
    async () => {
      const broken: LocalSeries = {
        id: 'broken',
        files: [...mosaic.files, { name: 'junk.dcm', bytes: new Uint8Array(4096).fill(42) }],
      };
      const session = await openSession(u);
      const study = await storeStudy(u, session, [broken], anonymised);
      await sendSeries(u, session, broken, 0);
      // Asked at once, as the page does: some copies may still be on their way.
      await requestConversion(u, session, study, broken, 0, true);
      const rows = await settled(u, study.id);
      expect(rows.map((r) => r.status)).toEqual(['error']);
      expect(String(readSeriesData(rows[0]?.data).error)).toMatch(/cannot be de-identified/);

      await finish(study.uuid);
      await copiesSettled();
      const left = await filesIn(await folder(sessionKey(u.team.id, session)));
      expect(left.filter((n) => n === 'files' || n === 'deidentified')).toEqual([]);
      await expectNothingIdentifying();
    },
  );

  it(
    'an upload stopped halfway leaves nothing identifying once its session expires',
    { timeout: 300_000 },
    async () => {
      const half: LocalSeries = {
        ...mosaic,
        files: mosaic.files.slice(0, Math.ceil(mosaic.files.length / 2)),
      };
      const session = await openSession(u);
      await storeStudy(u, session, [mosaic], anonymised);
      await sendSeries(u, session, half, 0);
      await copiesOf(session, half.files.length);

      expect(await expireUploadSessions(u.t.app.deps, new Date(Date.now() + 100 * HOUR))).toBeGreaterThan(0);
      await copiesSettled();
      expect(existsSync(await folder(sessionKey(u.team.id, session)))).toBe(false);
      await expectNothingIdentifying();
    },
  );
});
