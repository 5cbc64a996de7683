import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESTDATA_DIR } from '../../../test/corpus';
import { apiToken, dicomweb } from '../../../test/dicomweb-calls';
import { freePort } from '../../../test/dimse-tools';
import { buildTeam, buildUser, type TestTeam, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import dimse from 'dcmjs-dimse';
import {
  dimseAssociationKey,
  dimseAssociationsKey,
  dimseInstanceKey,
  inflatedKey,
} from '../../platform/storage/layout';
import { ingestInstances } from '../dicomweb/ingest';
import { parseMultipartRelated } from '../dicomweb/multipart-related';
import { teamAeTitle } from './ae-policy';
import { receiverContext } from './receiver';
import { startDimseScp, type DimseScp } from './scp';
import { storeLeftovers } from './staged';

/**
 * dcmtk's echoscu and storescu against the C-STORE SCP: a real CT series stored to a team's AE title
 * converts in that team only; a wrong called AE title is rejected. CI installs dcmtk; elsewhere the test
 * is skipped when it is absent.
 */
const which = (tool: string) => spawnSync('which', [tool]).status === 0;
const installed = which('storescu') && which('echoscu');
if (!installed && process.env.CI === 'true')
  throw new Error('dcmtk is required in CI: apt-get install -y dcmtk');

const CT = path.join(TESTDATA_DIR, 'dicom', 'dcm_qa_ct', 'GE');
const ctFiles = ['01.dcm', '02.dcm', '03.dcm'].map((n) => path.join(CT, n));

let t: TestApp;
let scp: DimseScp;
let port: number;
let owner: TestUser;
let first: TestTeam;
let second: TestTeam;
let secondToken: string;

/** What follows a Part 10 file's meta group: the dataset as a C-STORE carries it. */
function datasetOf(file: Uint8Array): string {
  const groupLength = new DataView(file.buffer, file.byteOffset).getUint32(132 + 8, true);
  return Buffer.from(file.subarray(132 + 12 + groupLength)).toString('base64');
}

/** Runs a dcmtk tool against the SCP (asynchronously: the SCP answers from this process). */
async function dcmtk(
  tool: string,
  calledAe: string,
  files: string[] = [],
  callingAe = 'MODALITY',
): Promise<number> {
  const child = spawn(tool, ['-aet', callingAe, '-aec', calledAe, '127.0.0.1', String(port), ...files]);
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? -1)));
}

/** The team's series once every one has settled (converted or failed). */
async function settledSeries(teamId: number, count: number) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const rows = await t.db
      .selectFrom('series')
      .innerJoin('studies', 'studies.id', 'series.study_id')
      .select(['series.status', 'studies.team_id'])
      .where('series.team_id', '=', teamId)
      .execute();
    if (rows.length >= count && rows.every((r) => ['done', 'error', 'skipped'].includes(r.status)))
      return rows;
    if (Date.now() > deadline) throw new Error(`series not settled: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The team's indexed instances once there are `count`: the ingest's last step, after conversion. */
async function indexedInstances(teamId: number, count: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await t.db
      .selectFrom('dicomweb_instances')
      .select('study_uid')
      .where('team_id', '=', teamId)
      .execute();
    if (rows.length >= count) return rows;
    if (Date.now() > deadline) throw new Error(`${rows.length} of ${count} instances indexed`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const studiesOf = (teamId: number) =>
  t.db.selectFrom('studies').select('id').where('team_id', '=', teamId).execute();

beforeAll(async () => {
  if (!installed) return;
  expect(ctFiles.every((f) => existsSync(f))).toBe(true);
  port = await freePort();
  t = await createTestApp({ DIMSE_PORT: String(port) });
  owner = await buildUser(t);
  first = await buildTeam(t, owner);
  second = await buildTeam(t, owner);
  // The second team keeps the originals: what it retrieves is what was sent.
  await t.db.updateTable('teams').set({ dicom_anonymize: false }).where('id', '=', second.id).execute();
  secondToken = await apiToken(t, owner, second);
  scp = startDimseScp(t.app.deps, port);
}, 120_000);
afterAll(async () => {
  scp?.close();
  await t?.close();
});

describe.skipIf(!installed)('DICOM C-STORE SCP', () => {
  it('answers C-ECHO on a team AE title, and rejects an AE title no team has', async () => {
    expect(await dcmtk('echoscu', teamAeTitle(first.slug))).toBe(0);
    expect(await dcmtk('echoscu', 'NO-SUCH-TEAM')).not.toBe(0);
    expect(await dcmtk('storescu', 'NO-SUCH-TEAM', ctFiles)).not.toBe(0);
  });

  it('stores a CT series into the called team, which converts it; the other team gets nothing', async () => {
    expect(await dcmtk('storescu', teamAeTitle(first.slug), ctFiles)).toBe(0);
    const series = await settledSeries(first.id, 1);
    expect(series.map((s) => s.status)).toEqual(['done']);
    expect(series.every((s) => s.team_id === first.id)).toBe(true);
    expect(await studiesOf(first.id)).toHaveLength(1);
    expect(await studiesOf(second.id)).toHaveLength(0);
    expect(await indexedInstances(first.id, 3)).toHaveLength(3);
  }, 300_000);

  it("stores into the other team by that team's AE title only, each dataset as sent", async () => {
    const sent = ctFiles.slice(0, 2);
    expect(await dcmtk('storescu', teamAeTitle(second.slug), sent)).toBe(0);
    await settledSeries(second.id, 1);
    expect(await studiesOf(second.id)).toHaveLength(1);
    expect(await studiesOf(first.id)).toHaveLength(1);
    const [indexed] = await indexedInstances(second.id, sent.length);
    const res = await dicomweb(t, `/studies/${indexed?.study_uid}`, {
      token: secondToken,
      team: second.slug,
    });
    expect(res.status).toBe(200);
    const parts = parseMultipartRelated(
      Buffer.from(await res.arrayBuffer()),
      res.headers.get('content-type') ?? '',
    );
    const originals = await Promise.all(sent.map(async (f) => new Uint8Array(await readFile(f))));
    expect(parts.map((p) => datasetOf(p.body)).sort()).toEqual(originals.map(datasetOf).sort());
  }, 300_000);

  it('stores what an association answered Success even when it ends by an abort, not a release', async () => {
    const team = await buildTeam(t, owner);
    const client = new dimse.Client();
    const answered: number[] = [];
    const aborted = new Promise<void>((resolve) => {
      for (const file of ctFiles) {
        const request = new dimse.requests.CStoreRequest(file);
        request.on('response', (response: dimse.responses.CStoreResponse) => {
          answered.push(response.getStatus());
          // Every instance answered: the sender aborts instead of releasing.
          if (answered.length === ctFiles.length) {
            client.abort();
            resolve();
          }
        });
        client.addRequest(request);
      }
    });
    // The SCP closes the connection on the abort: the release the client would send later never goes.
    const closed = new Promise<void>((resolve) => client.on('closed', () => resolve()));
    client.on('networkError', () => undefined);
    client.send('127.0.0.1', port, 'MODALITY', teamAeTitle(team.slug), { associationLingerTimeout: 60_000 });
    await aborted;
    await closed;
    expect(answered).toEqual(ctFiles.map(() => dimse.constants.Status.Success));
    expect((await settledSeries(team.id, 1)).map((s) => s.status)).toEqual(['done']);
    expect(await indexedInstances(team.id, ctFiles.length)).toHaveLength(ctFiles.length);
    expect(await t.app.deps.storage.list(dimseAssociationsKey(team.id))).toEqual([]);
  }, 300_000);

  it('stores at its start what an earlier run staged but never stored (a process that stopped)', async () => {
    const team = await buildTeam(t, owner);
    const folder = dimseAssociationKey(team.id, 'left-by-a-stopped-process');
    for (const [index, file] of ctFiles.entries())
      await t.app.deps.storage.writeAtomic([...folder, `${index}.dcm`], await readFile(file));
    const restarted = startDimseScp(t.app.deps, await freePort());
    try {
      expect((await settledSeries(team.id, 1)).map((s) => s.status)).toEqual(['done']);
      expect(await indexedInstances(team.id, ctFiles.length)).toHaveLength(ctFiles.length);
      expect(await t.app.deps.storage.list(dimseAssociationsKey(team.id))).toEqual([]);
    } finally {
      restarted.close();
    }
  }, 300_000);

  it('links what it staged into the upload: the bytes are not written a second time', async () => {
    const team = await buildTeam(t, owner);
    // Kept as sent: the conversion then removes none of the received files.
    await t.db.updateTable('teams').set({ dicom_anonymize: false }).where('id', '=', team.id).execute();
    const staged = dimseInstanceKey(team.id, 'linked', 0);
    await t.app.deps.storage.writeAtomic(staged, await readFile(ctFiles[0] ?? ''));
    const ctx = await receiverContext(t.db, team.id);
    if (!ctx) throw new Error('the team has no member to store as');
    const bytes = await t.app.deps.storage.readBytes(staged);
    const outcome = await ingestInstances(t.app.deps, ctx, [{ bytes, stored: staged }]);
    expect(outcome.stored).toHaveLength(1);
    const [session] = await t.db
      .selectFrom('upload_sessions')
      .select('uuid')
      .where('team_id', '=', team.id)
      .execute();
    const received = [...inflatedKey(team.id, session?.uuid ?? ''), 'received', '000001.dcm'];
    const [from, to] = await Promise.all(
      [staged, received].map(async (k) => stat(await t.app.deps.storage.path(k))),
    );
    expect(to?.ino).toBe(from?.ino);
    // Nothing left running behind the test (the app closes after the last one).
    expect((await settledSeries(team.id, 1)).map((s) => s.status)).toEqual(['done']);
    await t.app.deps.storage.remove(dimseAssociationKey(team.id, 'linked'));
  });

  it('leaves alone, among the leftovers, the folder of an association under way', async () => {
    const team = await buildTeam(t, owner);
    const underWay = dimseAssociationKey(team.id, 'under-way');
    await t.app.deps.storage.writeAtomic([...underWay, '0.dcm'], await readFile(ctFiles[0] ?? ''));
    await storeLeftovers(t.app.deps, (folder) => folder === 'under-way');
    expect(await t.app.deps.storage.list(dimseAssociationsKey(team.id))).toEqual(['under-way']);
    expect(await studiesOf(team.id)).toHaveLength(0);
  });

  it('takes stores only from the calling AE titles the team lists', async () => {
    const as = { token: owner.token, team: first.slug };
    const read = await t.call('GET', '/team/dimse', as);
    expect(read.body).toEqual({
      aeTitle: teamAeTitle(first.slug),
      callingAeTitles: [],
      port,
      moveDestinations: [],
    });
    const changed = await t.call('PUT', '/team/dimse', {
      ...as,
      body: { callingAeTitles: [' pacs', 'PACS'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.callingAeTitles).toEqual(['PACS']);
    expect(await dcmtk('echoscu', teamAeTitle(first.slug), [], 'PACS')).toBe(0);
    expect(await dcmtk('echoscu', teamAeTitle(first.slug), [], 'MODALITY')).not.toBe(0);
    expect(await dcmtk('storescu', teamAeTitle(first.slug), ctFiles.slice(0, 1), 'MODALITY')).not.toBe(0);
    // The other team lists none: every caller.
    expect(await dcmtk('echoscu', teamAeTitle(second.slug), [], 'MODALITY')).toBe(0);
    for (const bad of ['A\\B', 'X'.repeat(17), '', 'É'])
      expect((await t.call('PUT', '/team/dimse', { ...as, body: { callingAeTitles: [bad] } })).status).toBe(
        422,
      );
    const cleared = await t.call('PUT', '/team/dimse', { ...as, body: { callingAeTitles: [] } });
    expect(cleared.body.callingAeTitles).toEqual([]);
    expect(await dcmtk('echoscu', teamAeTitle(first.slug), [], 'MODALITY')).toBe(0);
  });
});
