import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  queueBodyJob,
  registerBodyModel,
  seriesIdOf,
  type RegisteredModel,
} from '../../../../test/body-inference';
import { newUploader, type Uploader } from '../../../../test/conversion-flow';
import { convertedSeries, corpusSeries } from '../../../../test/mask-flow';
import { startServer, type ServeProcess } from '../../../../test/serve-process';

/**
 * The built-in worker killed mid-job: a real server process in the `worker` role leases a job and starts
 * it, and is SIGKILLed; once the lease has lapsed (set in the past here rather than waited for), a second
 * worker process takes the job up again and it ends once. The processes share the test's DATA_DIR and
 * database (an embedded one is closed by the test while they run: one process at a time).
 */
let dataDir: string;
let u: Uploader;
let seriesId: number;
let model: RegisteredModel;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'voxa-builtin-kill-'));
  const onPostgres = process.env.TEST_DB === 'postgres' && process.env.DATABASE_URL;
  u = await newUploader({ DATA_DIR: dataDir }, onPostgres ? {} : { pgliteDir: path.join(dataDir, 'pglite') });
  const ct = await convertedSeries(u, await corpusSeries('segmentation/totalsegmentator/example_ct_dicom'));
  seriesId = await seriesIdOf(u, ct);
  model = await registerBodyModel(u);
}, 240_000);
afterAll(async () => {
  await u.t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A worker process on the test's data and database (its own PostgreSQL schema through search_path). */
function startWorker(): Promise<ServeProcess> {
  const env: Record<string, string> = { AI_BUILTIN_WORKER_THREADS: '1' };
  const { databaseUrl, schema } = u.t.dbLocation;
  if (databaseUrl && schema) {
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = url.toString();
  }
  return startServer(dataDir, env, { role: 'worker' });
}

async function printed(child: ServeProcess, line: string): Promise<void> {
  for (const until = Date.now() + 120_000; Date.now() < until; await sleep(100))
    if (child.output().includes(line)) return;
  throw new Error(`the worker did not log "${line}":\n${child.output()}`);
}

const jobRow = (id: number) =>
  u.t.db.selectFrom('ai_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the built-in worker killed mid-job', () => {
  it('leaves the job to a second worker process once the lease lapses; it finishes once', async () => {
    const job = await queueBodyJob(u, seriesId, model);
    await u.t.reopen(async () => {
      const first = await startWorker();
      await printed(first, 'built-in worker: running job');
      process.kill(first.pid ?? 0, 'SIGKILL');
      expect(await first.stop()).toBe(-1);
    });
    const held = await jobRow(job.id);
    expect(held).toMatchObject({ state: 'running', attempts: 1 });
    expect(held.log_tail).toMatch(/attempt 1/);
    const killed = held.worker_id ?? 0;

    await u.t.db
      .updateTable('ai_jobs')
      .set({ lease_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', job.id)
      .execute();
    await u.t.reopen(async () => {
      const second = await startWorker();
      await printed(second, 'built-in worker: job done');
      expect(await second.stop()).toBe(0);
    });

    const done = await jobRow(job.id);
    expect(done).toMatchObject({ state: 'done', attempts: 2, progress: 1 });
    expect(done.worker_id).not.toBe(killed);
    expect(done.log_tail).toMatch(/Lease lapsed[^]*attempt 2/);
    const segmentations = await u.t.db
      .selectFrom('segmentations')
      .select('id')
      .where('series_id', '=', seriesId)
      .execute();
    expect(segmentations.map((s) => s.id)).toEqual([done.segmentation_id]);
    const told = await u.t.db
      .selectFrom('notifications')
      .select('id')
      .where('type_code', '=', 'aiinfer.done')
      .where('model2_id', '=', job.id)
      .execute();
    expect(told).toHaveLength(1);
    // The killed process's row stays (offline); the one stopped cleanly retired its own.
    const rows = await u.t.db
      .selectFrom('ai_workers')
      .select(['id', 'revoked_at'])
      .where('id', 'in', [killed, done.worker_id ?? 0])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.revoked_at !== null)).toEqual([false, true]);
  }, 360_000);
});
