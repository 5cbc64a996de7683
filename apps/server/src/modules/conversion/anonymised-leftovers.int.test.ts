import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
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
import { filesBelow, rawFilesRemoved } from '../../../test/files';
import { expectNoIdentity } from '../../../test/identity-scan';
import { IDENTITY_TEXTS } from '../../../test/identity';
import { sameVolume } from '../../../test/nifti-volume';
import type { StorageKey } from '../../platform/storage';
import { sessionKey, storedFilesKey } from '../../platform/storage/layout';
import { expireUploadSessions } from '../upload/expiry';
import { readSeriesData } from '../studies/series-data';

/**
 * An anonymised upload's originals go with the series done, the session finished or expired, and a failed
 * conversion: nothing identifying is left in any of those ends (decisions 0023, 0071).
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

async function finish(studyUuid: string) {
  const finished = await u.t.call('POST', '/upload-finished', {
    token: u.owner.token,
    team: u.team.slug,
    body: { studies: [{ studyUuid }] },
  });
  expect(finished.status).toBe(200);
  await rawFilesRemoved(u.t, studyUuid);
}

const expectNothingIdentifying = () => expectNoIdentity(u.t, [...IDENTITY_TEXTS, ...uids]);

describe('an anonymised upload leaves nothing identifying', () => {
  it(
    'keeps the de-identified DICOM and the volume of the originals, which go with the series done',
    { timeout: 300_000 },
    async () => {
      const session = await openSession(u);
      const study = await storeStudy(u, session, [mosaic], anonymised);
      await sendSeries(u, session, mosaic, 0);
      await requestConversion(u, session, study, mosaic, 0, true);
      const rows = await settled(u, study.id);
      expect(rows.map((r) => r.status)).toEqual(['done']);
      const seriesFolder = readSeriesData(rows[0]?.data).folder ?? [];
      const dicomDir = await folder([...seriesFolder, 'dicom']);
      const kept = await filesIn(dicomDir);
      expect(kept).toHaveLength(mosaic.files.length);
      // The originals go once the series is done (and announced).
      const originals = await folder(storedFilesKey(u.team.id, session));
      await expect.poll(() => filesBelow(originals), { timeout: 10_000 }).toEqual([]);

      const volumes = await volumesOf(u, study.uuid, rows);
      const reference = (await references('dcm_qa_nih')).find((r) => r.name === 'EPI_PE=AP_3.nii');
      expect(volumes.some((v) => reference && sameVolume(v, reference))).toBe(true);

      await finish(study.uuid);
      await expectNothingIdentifying();
    },
  );

  it(
    'a conversion that fails still leaves no original once the upload finishes',
    { timeout: 300_000 },
    async () => {
      const broken: LocalSeries = {
        id: 'broken',
        files: [...mosaic.files, { name: 'junk.dcm', bytes: new Uint8Array(4096).fill(42) }],
      };
      const session = await openSession(u);
      const study = await storeStudy(u, session, [broken], anonymised);
      await sendSeries(u, session, broken, 0);
      await requestConversion(u, session, study, broken, 0, true);
      const rows = await settled(u, study.id);
      expect(rows.map((r) => r.status)).toEqual(['error']);
      expect(String(readSeriesData(rows[0]?.data).error)).toMatch(/cannot be de-identified/);

      await finish(study.uuid);
      const left = await filesIn(await folder(sessionKey(u.team.id, session)));
      expect(left.filter((n) => n === 'files')).toEqual([]);
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

      expect(await expireUploadSessions(u.t.app.deps, new Date(Date.now() + 100 * HOUR))).toBeGreaterThan(0);
      expect(existsSync(await folder(sessionKey(u.team.id, session)))).toBe(false);
      await expectNothingIdentifying();
    },
  );
});
