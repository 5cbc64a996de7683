import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../../../test/conversion-flow';
import { apiToken, corpusFiles, dicomweb, sha256, stow } from '../../../test/dicomweb-calls';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { buildSegmentation } from '../../../test/segmentation-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { teamAeTitle } from '../dimse/ae-policy';
import { startDimseScp, type DimseScp } from '../dimse/scp';
import { parseMultipartRelated } from './multipart-related';
import { freePort } from '../../../test/dimse-tools';

/**
 * One SOP Instance UID is one instance of a team (decision 0091): the same instances sent again, by
 * STOW-RS, by dcmtk's storescu then STOW-RS, or uploaded again through the upload API, are counted once
 * by QIDO-RS, retrieved once by WADO-RS and listed as one study; a changed instance under the same UID
 * replaces the old one, in a series converted again.
 */
const which = (tool: string) => spawnSync('which', [tool]).status === 0;
const dcmtkInstalled = which('storescu') && which('dcmodify');
if (!dcmtkInstalled && process.env.CI === 'true')
  throw new Error('dcmtk is required in CI: apt-get install -y dcmtk');

type Dataset = Record<string, { Value?: unknown[] }>;

let t: TestApp;
let owner: TestUser;
let scp: DimseScp;
let port: number;
let ct: Uint8Array[];

/** A team with an API user's token; `anonymize` as the team's DICOMweb setting. */
async function newTeam(anonymize: boolean): Promise<{ team: TestTeam; token: string }> {
  const team = await buildTeam(t, owner);
  await t.db.updateTable('teams').set({ dicom_anonymize: anonymize }).where('id', '=', team.id).execute();
  return { team, token: await apiToken(t, owner, team) };
}

/** The team's studies once every one has ended its upload (converted, or failed). */
async function settledStudies(teamId: number) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const rows = await t.db
      .selectFrom('studies')
      .select(['id', 'status'])
      .where('team_id', '=', teamId)
      .execute();
    if (rows.length > 0 && rows.every((r) => r.status === 'converted' || r.status === 'error')) return rows;
    if (Date.now() > deadline) throw new Error(`studies not settled: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function stowed(token: string, team: TestTeam, files: Uint8Array[]) {
  const res = await stow(t, token, team.slug, files);
  expect(res.status).toBe(200);
  await settledStudies(team.id);
}

async function qido(token: string, team: TestTeam, query: string): Promise<Dataset[]> {
  const res = await dicomweb(t, query, { token, team: team.slug });
  expect(res.status).toBe(200);
  return (await res.json()) as Dataset[];
}

const value = (ds: Dataset | undefined, tag: string) => String(ds?.[tag]?.Value?.[0] ?? '');

async function retrieved(token: string, team: TestTeam, query: string) {
  const res = await dicomweb(t, query, { token, team: team.slug });
  expect(res.status).toBe(200);
  return parseMultipartRelated(Buffer.from(await res.arrayBuffer()), res.headers.get('content-type') ?? '');
}

/** QIDO-RS, WADO-RS and the studies list count each instance and study once. */
async function expectOnce(token: string, team: TestTeam, instances: number) {
  const found = await qido(token, team, '/instances');
  expect(found).toHaveLength(instances);
  expect(new Set(found.map((i) => value(i, '00080018'))).size).toBe(instances);
  expect(await qido(token, team, '/studies')).toHaveLength(1);
  const [one] = found;
  const single = await retrieved(
    token,
    team,
    `/studies/${value(one, '0020000D')}/series/${value(one, '0020000E')}/instances/${value(one, '00080018')}`,
  );
  expect(single).toHaveLength(1);
  expect(await retrieved(token, team, `/studies/${value(one, '0020000D')}`)).toHaveLength(instances);
  const list = await t.call('GET', '/studies-v2', { token: owner.token, team: team.slug });
  expect(list.body.total).toBe(1);
  return found;
}

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ DIMSE_PORT: String(port) });
  owner = await buildUser(t);
  ct = await corpusFiles('dcm_qa_ct/GE', 3);
  scp = startDimseScp(t.app.deps, port);
}, 120_000);
afterAll(async () => {
  scp?.close();
  await t?.close();
});

describe('one SOP Instance UID is one instance', () => {
  it('keeps instances sent twice by STOW-RS once, under the keyed UIDs of an anonymised team', async () => {
    const { team, token } = await newTeam(true);
    await stowed(token, team, ct);
    await stowed(token, team, ct);
    await expectOnce(token, team, ct.length);
    expect(
      await t.db.selectFrom('series').select('id').where('team_id', '=', team.id).execute(),
    ).toHaveLength(1);
  }, 600_000);

  it.skipIf(!dcmtkInstalled)(
    'keeps instances sent by C-STORE then by STOW-RS once',
    async () => {
      const { team, token } = await newTeam(false);
      const args = ['-aet', 'MODALITY', '-aec', teamAeTitle(team.slug), '127.0.0.1', String(port)];
      const dir = await mkdtemp(path.join(tmpdir(), 'one-instance-'));
      try {
        const files = await Promise.all(
          ct.map(async (bytes, i) => {
            const file = path.join(dir, `${i}.dcm`);
            await writeFile(file, bytes);
            return file;
          }),
        );
        const sent = spawn('storescu', [...args, ...files]);
        expect(await new Promise((resolve) => sent.on('close', resolve))).toBe(0);
        await settledStudies(team.id);
        await stowed(token, team, ct);
        const found = await expectOnce(token, team, ct.length);
        // What is served is the newest copy, as sent (the team keeps the originals).
        const served = await retrieved(token, team, `/studies/${value(found[0], '0020000D')}`);
        expect(served.map((p) => sha256(p.body)).sort()).toEqual(ct.map(sha256).sort());
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    600_000,
  );

  it('keeps instances uploaded twice through the upload API once', async () => {
    const { team, token } = await newTeam(true);
    const u = { t, owner, team };
    const series = [{ id: 'ct', files: ct.map((bytes, i) => ({ name: `${i}.dcm`, bytes })) }];
    const studyUid = '1.2.826.0.1.3680043.9.4245.1760717064491086528325869788156915668';
    for (let round = 0; round < 2; round++) {
      const { study } = await upload(u, series, { anonymize: true, patientName: 'Pseudo', studyUid });
      const body = { studies: [{ studyUuid: study.uuid }] };
      const deadline = Date.now() + 240_000;
      for (;;) {
        const rows = await t.db
          .selectFrom('series')
          .select('status')
          .where('study_id', '=', study.id)
          .execute();
        if (rows.every((r) => r.status === 'done')) break;
        if (Date.now() > deadline) throw new Error('upload not converted');
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      const finished = await t.call('POST', '/upload-finished', {
        token: owner.token,
        team: team.slug,
        body,
      });
      expect(finished.status).toBe(200);
    }
    await expectOnce(token, team, ct.length);
  }, 600_000);

  it('keeps an older copy someone has segmented, serving its instances from the newer one', async () => {
    const { team, token } = await newTeam(true);
    await stowed(token, team, ct);
    const [older] = await t.db.selectFrom('series').select('id').where('team_id', '=', team.id).execute();
    await buildSegmentation(t, team, older ?? { id: 0 });
    await stowed(token, team, ct);
    const found = await qido(token, team, '/instances');
    expect(found).toHaveLength(ct.length);
    const series = await t.db.selectFrom('series').select('id').where('team_id', '=', team.id).execute();
    expect(series.map((s) => s.id)).toContain(older?.id);
    expect(series).toHaveLength(2);
    const served = await t.db
      .selectFrom('dicomweb_instances')
      .select('series_id')
      .where('team_id', '=', team.id)
      .execute();
    expect(served.every((row) => row.series_id !== older?.id)).toBe(true);
  }, 600_000);

  it.skipIf(!dcmtkInstalled)(
    'replaces an instance sent again changed, in a series converted again',
    async () => {
      const { team, token } = await newTeam(false);
      await stowed(token, team, ct);
      const [before] = await t.db.selectFrom('series').select('id').where('team_id', '=', team.id).execute();
      const dir = await mkdtemp(path.join(tmpdir(), 'one-instance-'));
      let changed: Uint8Array;
      try {
        const file = path.join(dir, 'changed.dcm');
        await writeFile(file, ct[1] as Uint8Array);
        const edit = spawnSync('dcmodify', ['-nb', '-i', '(0020,4000)=changed by the sender', file]);
        expect(edit.status).toBe(0);
        changed = new Uint8Array(await readFile(file));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      await stowed(token, team, [ct[0] as Uint8Array, changed, ct[2] as Uint8Array]);
      const found = await expectOnce(token, team, ct.length);
      const served = await retrieved(token, team, `/studies/${value(found[0], '0020000D')}`);
      expect(served.map((p) => sha256(p.body)).sort()).toEqual(
        [ct[0] as Uint8Array, changed, ct[2] as Uint8Array].map(sha256).sort(),
      );
      const after = await t.db
        .selectFrom('series')
        .select(['id', 'status', 'data'])
        .where('team_id', '=', team.id)
        .execute();
      expect(after).toHaveLength(1);
      expect(after[0]?.id).not.toBe(before?.id);
      expect(after[0]?.status).toBe('done');
      expect((after[0]?.data.nifti as string[]).length).toBeGreaterThan(0);
    },
    600_000,
  );
});
