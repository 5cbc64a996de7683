import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBytes, sortSession, uploadArchives } from '../../../test/archive-flow';
import { folderSeries, references, settled, volumesOf, type Uploader } from '../../../test/conversion-flow';
import { buildTeam, buildUser } from '../../../test/factories';
import { IDENTITY_TEXTS, PLANTED_IDENTITY, withIdentity } from '../../../test/identity';
import { sameVolume } from '../../../test/nifti-volume';
import { createTestApp } from '../../../test/test-app';
import { makeZip } from '../../../test/zip-writer';

/**
 * An anonymised conversion of a series read from an archive, on a server of its own so every byte it
 * stores can be searched once the upload is finished.
 */
let u: Uploader;
beforeAll(async () => {
  const t = await createTestApp();
  const owner = await buildUser(t);
  u = { t, owner, team: await buildTeam(t, owner) };
});
afterAll(async () => u.t.close());

async function everythingStored(): Promise<string> {
  const stored: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else stored.push(e.name, (await readFile(full)).toString('latin1'));
    }
  };
  await walk(u.t.app.deps.storage.root);
  for (const table of ['studies', 'series', 'upload_sessions', 'upload_files', 'jobs'] as const)
    stored.push(JSON.stringify(await u.t.db.selectFrom(table).selectAll().execute()));
  return stored.join('\n');
}

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

      const volumes = await volumesOf(u, stored.body.uuid, rows);
      const reference = (await references('dcm_qa_nih')).find((r) => r.name === 'EPI_PE=AP_3.nii');
      expect(volumes.some((v) => reference && sameVolume(v, reference))).toBe(true);
      const everything = await everythingStored();
      for (const text of [...IDENTITY_TEXTS, studyUid]) {
        const at = everything.indexOf(text);
        expect(at, `${text} in ${everything.slice(Math.max(0, at - 300), at + 100)}`).toBe(-1);
      }
      expect(everything).toContain(patientName);
      const after = await u.t.call('GET', `/c-upload/uploaded-metadata/server?session=${session}`, who);
      expect(after.body).toMatchObject({ status: 'sorted', studies: [], nifties: [] });
    },
  );
});
