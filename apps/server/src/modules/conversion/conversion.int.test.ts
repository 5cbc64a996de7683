import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newUploader,
  folderSeries,
  references,
  settled,
  upload,
  volumesOf,
  type Uploader,
} from '../../../test/conversion-flow';
import { sameVolume } from '../../../test/nifti-volume';

/**
 * The upload's second half through the real endpoints: files sent in chunks, the study stored, each
 * series converted by the job queue with dcm2niix WebAssembly, then upload-finished.
 */

let u: Uploader;
beforeAll(async () => {
  u = await newUploader();
});
afterAll(async () => u.t.close());

describe('conversion through the upload endpoints', () => {
  for (const dataset of ['dcm_qa_ts', 'dcm_qa_nih', 'dcm_qa_enh', 'dcm_qa_xa30']) {
    it(`converts every series of ${dataset} to the reference volumes`, { timeout: 300_000 }, async () => {
      const series = await folderSeries(dataset);
      const { study } = await upload(u, series, { anonymize: false, patientName: 'Test', studyUid: null });
      const rows = await settled(u, study.id);
      const volumes = await volumesOf(u, study.uuid, rows);
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
      const finished = await u.t.call('POST', '/upload-finished', {
        token: u.owner.token,
        team: u.team.slug,
        body: { studies: [{ studyUuid: study.uuid }] },
      });
      expect(finished.body.studies).toEqual([{ studyUuid: study.uuid, status: 'converted' }]);
    });
  }
});
