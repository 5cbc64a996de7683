import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runTool, writeLargeCt } from '../../../test/dimse-tools';
import { buildTeam, buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dimseAssociationsKey } from '../../platform/storage/layout';
import { teamAeTitle } from './ae-policy';
import { startDimseScp, type DimseScp } from './scp';

/**
 * dcmtk's storescu sends the C-STORE SCP an instance of a few hundred megabytes: it is written to disk
 * as it arrives, the server's memory growing far less than its size, and one past the size limit is
 * refused with 0xA700 and leaves nothing (decision 0089).
 */
const installed = spawnSync('which', ['storescu']).status === 0;
if (!installed && process.env.CI === 'true')
  throw new Error('dcmtk is required in CI: apt-get install -y dcmtk');

const MiB = 1024 * 1024;
/** 11,586² 16-bit pixels: 256 MiB of pixel data. */
const SIDE = 11_586;
/** The lowered limit of the second SCP. */
const SMALL_LIMIT = 64 * MiB;

let t: TestApp;
let owner: TestUser;
let dir: string;
let large: string;
let largeSize: number;
const scps: DimseScp[] = [];

async function startScp(limit?: number): Promise<number> {
  const port = await freePort();
  const deps = t.app.deps;
  const config = limit === undefined ? deps.config : { ...deps.config, DIMSE_MAX_INSTANCE_BYTES: limit };
  scps.push(startDimseScp({ ...deps, config }, port));
  return port;
}

/** storescu, verbose: its output names the status of each C-STORE answer. */
const storescu = (port: number, calledAe: string, file: string) =>
  runTool('storescu', ['-v', '-aet', 'MODALITY', '-aec', calledAe, '127.0.0.1', String(port), file]);

async function until(check: () => Promise<boolean>, what: string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const studiesOf = (teamId: number) =>
  t.db.selectFrom('studies').select('id').where('team_id', '=', teamId).execute();

beforeAll(async () => {
  if (!installed) return;
  dir = await mkdtemp(path.join(tmpdir(), 'voxa-dimse-large-'));
  large = path.join(dir, 'large.dcm');
  largeSize = await writeLargeCt(large, SIDE, '1');
  t = await createTestApp();
  owner = await buildUser(t);
}, 120_000);
afterAll(async () => {
  for (const scp of scps) scp.close();
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!installed)('C-STORE SCP: large instances', () => {
  it('stores an instance of 256 MiB while its memory grows far less than that', async () => {
    const team = await buildTeam(t, owner);
    await t.db.updateTable('teams').set({ dicom_anonymize: false }).where('id', '=', team.id).execute();
    const port = await startScp();
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    // Sampled while the instance is received, up to its Success: after it, its conversion may start.
    const sampling = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const run = await storescu(port, teamAeTitle(team.slug), large).finally(() => clearInterval(sampling));
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/Received Store Response \(Success\)/);
    // Stored: the staged folder goes once the upload session holds the instance.
    await until(async () => (await studiesOf(team.id)).length === 1, 'study stored');
    await until(
      async () => (await t.app.deps.storage.list(dimseAssociationsKey(team.id))).length === 0,
      'staged folder stored',
    );
    // Held whole, it cost more than its size (1,853 - 674 MB for 400 MB); streamed, well under half. RSS
    // also counts received chunks not yet collected: V8 frees such external memory once some 64 MiB of it
    // pile up, so a quarter of the size (64 MiB) was within that noise on a loaded machine (74 MB seen).
    expect(peak - before, `RSS grew by ${peak - before} bytes`).toBeLessThan(largeSize / 2);
  }, 300_000);

  it('refuses an instance past DIMSE_MAX_INSTANCE_BYTES with 0xA700 and keeps nothing of it', async () => {
    const team = await buildTeam(t, owner);
    const port = await startScp(SMALL_LIMIT);
    const run = await storescu(port, teamAeTitle(team.slug), large);
    expect(run.output).toMatch(/Received Store Response \(Refused: OutOfResources\)/);
    await until(
      async () => (await t.app.deps.storage.list(dimseAssociationsKey(team.id))).length === 0,
      'staged folder removed',
    );
    expect(await studiesOf(team.id)).toHaveLength(0);
    const sessions = await t.db
      .selectFrom('upload_sessions')
      .select('uuid')
      .where('team_id', '=', team.id)
      .execute();
    expect(sessions).toHaveLength(0);
  }, 300_000);
});
