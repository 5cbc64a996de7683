import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newUploader,
  folderSeries,
  references,
  settled,
  upload,
  volumesOf,
  type LocalSeries,
  type Uploader,
} from '../../../test/conversion-flow';
import { rawFilesRemoved } from '../../../test/files';
import { expectNoIdentity, identityFindings } from '../../../test/identity-scan';
import { IDENTITY_TEXTS, PLANTED_IDENTITY, withIdentity } from '../../../test/identity';
import { sameVolume } from '../../../test/nifti-volume';

/** An anonymised upload on a server of its own, so every byte it stores can be searched. */

let u: Uploader;
beforeAll(async () => {
  u = await newUploader();
});
afterAll(async () => u.t.close());

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
      const pseudonyms = await u.t.call('POST', '/c-upload/a', {
        token: u.owner.token,
        team: u.team.slug,
        body: { s: [{ id: 'p', n: encoded }] },
      });
      const patientName: string = pseudonyms.body.a[0].n;

      // The page asks for the acquisitions' recognition under its own study id, the original UID.
      const prompted = await u.t.call('POST', '/llm/prompts?wsid=page', {
        token: u.owner.token,
        team: u.team.slug,
        body: {
          studies: [{ id: studyUid, modality: 'MR', series: [{ id: `${studyUid}/1`, modality: 'MR' }] }],
        },
      });
      expect(prompted.status).toBe(202);

      const socket = io(u.t.url, {
        path: '/socket.io',
        auth: { token: u.owner.token },
        transports: ['websocket'],
        reconnection: false,
      });
      const done = new Promise<unknown>((resolve) => socket.on('upload:conversion:oneserie:done', resolve));
      const { study } = await upload(u, [planted], { anonymize: true, patientName, studyUid });
      const rows = await settled(u, study.id);
      expect(rows.map((r) => r.status)).toEqual(['done']);
      expect(await done).toMatchObject({
        studyUuid: study.uuid,
        studyClientId: 'study-1',
        serieClientUploadId: 'mosaic',
        status: 'done',
      });
      socket.close();
      await u.t.call('POST', '/upload-finished', {
        token: u.owner.token,
        team: u.team.slug,
        body: { studies: [{ studyUuid: study.uuid }] },
      });
      await rawFilesRemoved(u.t, study.uuid);

      const volumes = await volumesOf(u, study.uuid, rows);
      const reference = (await references('dcm_qa_nih')).find((r) => r.name === 'EPI_PE=AP_3.nii');
      expect(volumes.some((v) => reference && sameVolume(v, reference))).toBe(true);

      // Every store the server writes (test/identity-scan.ts).
      await expectNoIdentity(u.t, [...IDENTITY_TEXTS, studyUid]);
      // The scan does find what is there: the pseudonym.
      expect(await identityFindings(u.t, [patientName])).not.toEqual([]);
    },
  );
});
