import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBytes, sortSession, uploadArchives } from '../../../test/archive-flow';
import {
  newUploader,
  folderSeries,
  references,
  settled,
  volumesOf,
  type Uploader,
} from '../../../test/conversion-flow';
import { rawFilesRemoved } from '../../../test/files';
import { expectNoIdentity, identityFindings } from '../../../test/identity-scan';
import { IDENTITY_TEXTS, PLANTED_IDENTITY, withIdentity } from '../../../test/identity';
import { sameVolume } from '../../../test/nifti-volume';
import { makeZip } from '../../../test/zip-writer';

/**
 * An anonymised conversion of a series read from an archive, on a server of its own so every byte it
 * stores can be searched once the upload is finished.
 */
let u: Uploader;
beforeAll(async () => {
  u = await newUploader();
});
afterAll(async () => u.t.close());

describe('anonymised conversion of an archive’s series', () => {
  it(
    'converts from the inflated files and keeps no byte of the planted identity',
    { timeout: 300_000 },
    async () => {
      const [mosaic] = await folderSeries('dcm_qa_nih/20180918Si/mr_0003');
      if (!mosaic) throw new Error('corpus series missing');
      let studyUid = '';
      const entries = mosaic.files.map((f, i) => {
        const { file, studyUid: uid } = withIdentity(f.bytes);
        studyUid = uid;
        return { name: `series/${i + 1}.dcm`, data: file };
      });
      const who = { token: u.owner.token, team: u.team.slug };
      const session = await uploadArchives(u, [{ name: 'planted.zip', bytes: makeZip(entries) }]);
      const { metadata } = await sortSession(u, session);
      const [study] = metadata.studies;
      const series = study?.series[0];
      if (!study || !series) throw new Error('no series sorted');
      // A preview makes no copy that outlives the upload either.
      expect((await getBytes(u, `/c-upload/preview/${session}/${series.uploadId}`)).status).toBe(200);

      const pseudonyms = await u.t.call('POST', '/c-upload/a', {
        ...who,
        body: { s: [{ id: 'p', n: Buffer.from(PLANTED_IDENTITY.name).toString('base64') }] },
      });
      const patientName: string = pseudonyms.body.a[0].n;
      const stored = await u.t.call('POST', '/upload/studies?version=2', {
        ...who,
        body: {
          // Neutral client ids, as anonymised-upload.int.test.ts sends: the page's ids (the original UIDs)
          // are kept verbatim as studies.data.clientId and series.data.clientId, a gap of store-study.
          study: {
            id: 'archive-study',
            patientName,
            patientSex: null,
            studyDate: null,
            studyTime: null,
            modality: 'MR',
            pipelineCode: null,
            series: [
              {
                id: 'mosaic',
                type: 'dcm',
                seriesNumber: 3,
                modalityCode: 'MR',
                cnt: series.cnt,
                numberOfFrames: 1,
              },
            ],
          },
          studyInstanceUid: studyUid,
          session_id: session,
          anonymize: true,
        },
      });
      expect(stored.status, JSON.stringify(stored.body)).toBe(201);
      const converting = await u.t.call('POST', `/c-upload/convert/serie/${session}`, {
        ...who,
        body: {
          studyClientId: 'archive-study',
          studyRemoteId: stored.body.id,
          studyRemoteUuid: stored.body.uuid,
          serieClientUploadId: 'mosaic',
          serieRemoteId: stored.body.series[0].id,
          serieRemoteUuid: stored.body.series[0].uuid,
          type: 'dcm',
          location: 'server',
          files: series.files.map((f) => f.path),
          modalityCode: 'MR',
          anonymize: true,
          idx: 0,
        },
      });
      expect(converting.status, JSON.stringify(converting.body)).toBe(202);
      const rows = await settled(u, stored.body.id);
      expect(rows.map((r) => r.status)).toEqual(['done']);
      await u.t.call('POST', '/upload-finished', {
        ...who,
        body: { studies: [{ studyUuid: stored.body.uuid }] },
      });
      await rawFilesRemoved(u.t, stored.body.uuid);

      const volumes = await volumesOf(u, stored.body.uuid, rows);
      const reference = (await references('dcm_qa_nih')).find((r) => r.name === 'EPI_PE=AP_3.nii');
      expect(volumes.some((v) => reference && sameVolume(v, reference))).toBe(true);
      await expectNoIdentity(u.t, [...IDENTITY_TEXTS, studyUid]);
      // The scan does find what is there: the pseudonym.
      expect(await identityFindings(u.t, [patientName])).not.toEqual([]);
      const after = await u.t.call('GET', `/c-upload/uploaded-metadata/server?session=${session}`, who);
      expect(after.body).toMatchObject({ status: 'sorted', studies: [], nifties: [] });
    },
  );
});
