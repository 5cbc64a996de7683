import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, corpusFiles, stow } from '../../../test/dicomweb-calls';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { rawFilesRemoved } from '../../../test/files';
import { DEVICE_IDENTITY, IDENTITY_TEXTS, PLANTED_IDENTITY, withIdentity } from '../../../test/identity';
import { identityFindings, SCAN_ENV } from '../../../test/identity-scan';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sendFile, sha256 } from '../../../test/upload-calls';
import { teamAeTitle } from '../dimse/ae-policy';
import { startDimseScp, type DimseScp } from '../dimse/scp';
import { freePort } from '../../../test/dimse-tools';

/**
 * Each way in of an anonymising team, on one server of its own that logs at debug: upload V1's calls,
 * STOW-RS and C-STORE (dcmtk's storescu) of a GE CT series given a planted identity; afterwards no
 * store the server writes holds any of it (test/identity-scan.ts). Upload V2 is searched the same way
 * in conversion/anonymised-upload.int.test.ts. The device identifiers of DEVICE_IDENTITY are planted
 * and sent (the calling AE title) and searched for like the patient's (decision 0086).
 */
const storescu = spawnSync('which', ['storescu']).status === 0;

let t: TestApp;
let owner: TestUser;
let scp: DimseScp | undefined;
let port: number;
let planted: ReturnType<typeof withIdentity>[];
let texts: string[];

/** Once the way in has settled (conversion, removal of what was staged), nothing planted is left. */
const expectNothingLeft = () =>
  expect.poll(() => identityFindings(t, texts), { timeout: 120_000, interval: 2_000 }).toEqual([]);

async function seriesSettled(team: TestTeam) {
  await expect
    .poll(
      async () =>
        (await t.db.selectFrom('series').select('status').where('team_id', '=', team.id).execute()).map(
          (s) => s.status,
        ),
      { timeout: 240_000, interval: 500 },
    )
    .toEqual(['done']);
}

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ ...SCAN_ENV, DIMSE_PORT: String(port) });
  owner = await buildUser(t);
  planted = (await corpusFiles('dcm_qa_ct/GE', 3)).map((f) => withIdentity(f));
  texts = [...IDENTITY_TEXTS, ...new Set(planted.flatMap((p) => p.uids))];
  if (storescu) scp = startDimseScp(t.app.deps, port);
}, 120_000);
afterAll(async () => {
  scp?.close();
  await t?.close();
});

describe('an anonymising team keeps no planted identity, whichever way the data came in', () => {
  it('upload V1: the batch session, the study under its pseudonym, the move and check-status', async () => {
    const team = await buildTeam(t, owner);
    const who = { token: owner.token, team: team.slug };
    const prepared = await t.call('POST', '/batch-upload', { ...who, body: { prepare: true } });
    const session = (prepared.body as { session: string }).session;
    const ids = planted.map((_, i) => sha256(new TextEncoder().encode(`v1-${i}`)).slice(0, 32));
    for (const [i, p] of planted.entries()) {
      const sent = await sendFile(t, who, {
        session,
        name: `s1-1/${i + 1}.dcm`,
        id: ids[i] ?? '',
        bytes: p.file,
        chunk: 2_097_152,
        endpoint: '/batch-upload/file',
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    const name = Buffer.from(PLANTED_IDENTITY.name).toString('base64');
    const pseudonyms = await t.call('POST', '/c-upload/a', { ...who, body: { s: [{ id: 'p', n: name }] } });
    const stored = await t.call('POST', '/upload/studies?version=1', {
      ...who,
      body: {
        study: {
          id: 'study-1',
          patientName: pseudonyms.body.a[0].n,
          modality: 'CT',
          series: [
            { id: 's1-1', type: 'dcm', seriesNumber: 1, modalityCode: 'CT', cnt: 3, numberOfFrames: 1 },
          ],
        },
        studyInstanceUid: planted[0]?.studyUid,
        bodyPart: 'head',
        session_id: session,
        anonymize: true,
      },
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const study = stored.body as { studyUuid: string; series: { uuid: string }[] };
    const seriesUuid = study.series[0]?.uuid ?? '';
    const action = (body: object) => t.call('POST', '/batch-upload', { ...who, body });
    const moved = await action({
      move: 1,
      session_id: session,
      studies: [{ studyUuid: study.studyUuid }],
      series: [{ studyUuid: study.studyUuid, seriesUuid, location: 'local', files: ids }],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await expect
      .poll(
        async () => {
          const checked = await action({ 'check-status': 1, studies: [study.studyUuid] });
          return (checked.body as { studies: Record<string, { status: string }[]> }).studies[study.studyUuid];
        },
        { timeout: 240_000, interval: 500 },
      )
      .toEqual([expect.objectContaining({ seriesUuid, status: 'converted' })]);
    const finished = await t.call('POST', '/upload-finished', {
      ...who,
      body: { studies: [{ studyUuid: study.studyUuid }] },
    });
    expect(finished.status).toBe(200);
    await rawFilesRemoved(t, study.studyUuid);
    await expectNothingLeft();
  }, 400_000);

  it('STOW-RS', async () => {
    const team = await buildTeam(t, owner);
    const token = await apiToken(t, owner, team);
    const res = await stow(
      t,
      token,
      team.slug,
      planted.map((p) => p.file),
    );
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    await seriesSettled(team);
    await expectNothingLeft();
  }, 400_000);

  it.skipIf(!storescu)(
    'C-STORE from dcmtk’s storescu, under a scanner’s calling AE title',
    async () => {
      const team = await buildTeam(t, owner);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'voxa-cstore-'));
      try {
        const files = await Promise.all(
          planted.map(async (p, i) => {
            const file = path.join(dir, `${i + 1}.dcm`);
            await writeFile(file, p.file);
            return file;
          }),
        );
        const args = ['-aet', DEVICE_IDENTITY.aeTitle, '-aec', teamAeTitle(team.slug)];
        const child = spawn('storescu', [...args, '127.0.0.1', String(port), ...files]);
        expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      await seriesSettled(team);
      await expectNothingLeft();
    },
    400_000,
  );
});
