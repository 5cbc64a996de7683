/**
 * The time from a job's creation to the built-in worker starting it (its lease), against the lease call
 * itself: a worker that asked at the very moment the job was queued (docs/decisions/0048). A real server
 * on an embedded database with the built-in worker on, a team's ONNX model with its file; the jobs name a
 * series without volumes, so the worker fails each right after leasing it and is idle again. Jobs are
 * queued one at a time, at a random moment of the worker's poll, and timed by their rows (created_at to
 * started_at, both the database's clock). The reference leases jobs of another model through a team
 * worker's `leaseJob`, in this process, on the same database.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { bodyModel } from '../../apps/server/test/onnx-models.ts';
import { createTestApp } from '../../apps/server/test/test-app.ts';
import { buildTeam, buildUser } from '../../apps/server/test/factories.ts';
import { buildSeries, buildStudy } from '../../apps/server/test/study-factories.ts';
import { buildStructure } from '../../apps/server/test/segmentation-factories.ts';
import { leaseJob } from '../../apps/server/src/modules/ai-workers/protocol.ts';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function jobStartLatency(jobs) {
  const t = await createTestApp({ AI_BUILTIN_WORKER: 'on', AI_BUILTIN_WORKER_THREADS: '1' });
  try {
    const owner = await buildUser(t);
    const team = await buildTeam(t, owner);
    const who = { token: owner.token, team: team.slug };
    const structure = await buildStructure(t, { team, slug: 'bench-body', title: 'Body' });
    const model = await t.call('POST', '/ai2/model', {
      ...who,
      body: {
        name: 'Body',
        code: 'body',
        structure: structure.slug,
        segments: [{ title: 'Body', value: 1 }],
        runtime: 'onnx',
        modality: 'ct',
        spacing: [1.5, 1.5, 1.5],
        patch_size: [96, 96, 48],
        normalization: { kind: 'ct', clip: [-1000, 1000], mean: -1000, std: 1000 },
      },
    });
    const file = await t.call('PUT', `/ai2/model/${model.body.id}/file`, {
      ...who,
      bytes: bodyModel({ threshold: 0.5 }),
    });
    if (file.status !== 200) throw new Error(`model file: ${JSON.stringify(file.body)}`);
    const series = await buildSeries(t, team, await buildStudy(t, team));
    const queue = (code, modelId) =>
      t.db
        .insertInto('ai_jobs')
        .values({
          team_id: team.id,
          series_id: series.id,
          model_id: modelId,
          model_code: code,
          structure_id: structure.id,
          segments: JSON.stringify([{ title: 'Body', value: 1 }]),
          trace_id: randomUUID(),
          created_by: owner.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

    const latencies = [];
    for (let i = 0; i < jobs; i++) {
      await sleep(Math.random() * 1000);
      const { id } = await queue('body', model.body.id);
      for (;;) {
        const row = await t.db
          .selectFrom('ai_jobs')
          .select(['created_at', 'started_at', 'state'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (row.started_at && row.state !== 'running') {
          latencies.push(row.started_at.getTime() - row.created_at.getTime());
          break;
        }
        await sleep(20);
      }
    }

    const worker = await t.db
      .insertInto('ai_workers')
      .values({ team_id: team.id, name: 'bench', token_hash: randomUUID(), models: JSON.stringify(['ref']) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const leases = [];
    for (let i = 0; i < jobs; i++) {
      await queue('ref', null);
      const start = performance.now();
      const job = await leaseJob(t.app.deps, { id: worker.id, teamId: team.id });
      leases.push(performance.now() - start);
      if (!job) throw new Error('the reference lease found no job');
      await t.db.updateTable('ai_jobs').set({ state: 'done' }).where('id', '=', job.id).execute();
    }
    return { latency: median(latencies), lease: median(leases), max: Math.max(...latencies) };
  } finally {
    await t.close();
  }
}
