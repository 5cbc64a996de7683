import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  folderSeries,
  references,
  settled,
  upload,
  volumesOf,
  type LocalSeries,
  type Uploader,
} from '../../../test/conversion-flow';
import { buildTeam, buildUser } from '../../../test/factories';
import { IDENTITY_TEXTS, PLANTED_IDENTITY, withIdentity } from '../../../test/identity';
import { sameVolume } from '../../../test/nifti-volume';
import { createTestApp } from '../../../test/test-app';

/** An anonymised upload on a server of its own, so every byte it stores can be searched. */

let u: Uploader;
beforeAll(async () => {
  const t = await createTestApp();
  const owner = await buildUser(t);
  u = { t, owner, team: await buildTeam(t, owner) };
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

      const volumes = await volumesOf(u, study.uuid, rows);
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
      await walk(u.t.app.deps.storage.root);
      for (const table of ['studies', 'series', 'upload_sessions', 'upload_files', 'jobs'] as const)
        stored.push(JSON.stringify(await u.t.db.selectFrom(table).selectAll().execute()));
      const everything = stored.join('\n');
      for (const text of [...IDENTITY_TEXTS, studyUid]) expect(everything.includes(text), text).toBe(false);
      expect(everything).toContain(patientName);
    },
  );
});
