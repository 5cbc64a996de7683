import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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
  upload,
  volumesOf,
  type LocalSeries,
  type Uploader,
} from '../../../test/conversion-flow';
import { sameVolume } from '../../../test/nifti-volume';
import { seriesKey, seriesPartKey } from '../../platform/storage/layout';

/**
 * The conversion as the page drives it now: a series converts as soon as its own files are stored,
 * while the session's other files are still on their way; and gzipped DICOM (`.dcm.gz`, sent as it is)
 * converts like the plain files.
 */

let u: Uploader;
beforeAll(async () => {
  u = await newUploader();
});
afterAll(async () => u.t.close());

const anonymised = { anonymize: true, patientName: 'Test', studyUid: null };

describe('conversion of stored series', () => {
  it('converts a series while the next one is still uploading', { timeout: 300_000 }, async () => {
    const [first, second] = (await folderSeries('dcm_qa_nih/20180918Si')).slice(0, 2);
    if (!first || !second) throw new Error('corpus series missing');
    const session = await openSession(u);
    const study = await storeStudy(u, session, [first, second], anonymised);
    await sendSeries(u, session, first, 0);
    await requestConversion(u, session, study, first, 0, true);
    // The second series' files have not been sent: the first converts all the same.
    const rows = await settledSeries(study.id, study.series.find((s) => s.clientId === first.id)?.uuid);
    expect(rows.status).toBe('done');
    await sendSeries(u, session, second, 1);
    await requestConversion(u, session, study, second, 1, true);
    const all = await settled(u, study.id);
    expect(all.map((r) => r.status)).toEqual(['done', 'done']);
    const volumes = await volumesOf(u, study.uuid, all);
    expect(volumes).toHaveLength(2);
    const refs = await references('dcm_qa_nih');
    expect(volumes.every((v) => refs.some((r) => sameVolume(v, r)))).toBe(true);
  });

  it('converts gzipped DICOM files as sent to the reference volume', { timeout: 300_000 }, async () => {
    const [mosaic] = await folderSeries('dcm_qa_nih/20180918Si/mr_0003');
    if (!mosaic) throw new Error('corpus series missing');
    const gzipped: LocalSeries = {
      id: 'gzipped',
      files: mosaic.files.map((f) => ({ name: `${f.name}.gz`, bytes: new Uint8Array(gzipSync(f.bytes)) })),
    };
    const { study } = await upload(u, [gzipped], anonymised);
    const rows = await settled(u, study.id);
    expect(rows.map((r) => r.status)).toEqual(['done']);
    const reference = (await references('dcm_qa_nih')).find((r) => r.name === 'EPI_PE=AP_3.nii');
    expect((await volumesOf(u, study.uuid, rows)).some((v) => reference && sameVolume(v, reference))).toBe(
      true,
    );
  });

  it(
    'ends a series in error with the reason when a gzipped file is damaged',
    { timeout: 120_000 },
    async () => {
      const [mosaic] = await folderSeries('dcm_qa_nih/20180918Si/mr_0004');
      if (!mosaic) throw new Error('corpus series missing');
      const damaged: LocalSeries = {
        id: 'damaged',
        files: mosaic.files.map((f) => ({
          name: f.name,
          bytes: new Uint8Array(gzipSync(f.bytes)).slice(0, 500),
        })),
      };
      const { study } = await upload(u, [damaged], anonymised);
      const [row] = await settled(u, study.id);
      expect(row?.status).toBe('error');
      expect(String(row?.data.error)).toMatch(/gzipped file of the series cannot be read/);
    },
  );
});

describe('de-identification while the series converts', () => {
  it(
    'ends a series in error, keeping no copy, when one of its files cannot be de-identified',
    { timeout: 120_000 },
    async () => {
      const [mosaic] = await folderSeries('dcm_qa_nih/20180918Si/mr_0004');
      if (!mosaic) throw new Error('corpus series missing');
      // dcm2niix skips a file that is not DICOM; the de-identification cannot read it.
      const withJunk: LocalSeries = {
        id: 'junk',
        files: [...mosaic.files, { name: 'zz-junk.dcm', bytes: new Uint8Array(4096).fill(7) }],
      };
      const { study } = await upload(u, [withJunk], anonymised);
      const [row] = await settled(u, study.id);
      expect(row?.status).toBe('error');
      expect(String(row?.data.error)).toMatch(/cannot be de-identified/);
      const folder = seriesKey(u.team.id, study.uuid, row?.uuid ?? '');
      for (const part of ['dicom', 'input'] as const)
        expect(existsSync(path.join(u.t.config.DATA_DIR, ...seriesPartKey(folder, part))), part).toBe(false);
    },
  );
});

async function settledSeries(studyId: number, uuid: string | undefined) {
  const end = Date.now() + 240_000;
  for (;;) {
    const row = await u.t.db
      .selectFrom('series')
      .select(['status'])
      .where('study_id', '=', studyId)
      .where('uuid', '=', uuid ?? '')
      .executeTakeFirstOrThrow();
    if (row.status === 'done' || row.status === 'error') return row;
    if (Date.now() > end) throw new Error('still converting');
    await new Promise((r) => setTimeout(r, 200));
  }
}
