import os from 'node:os';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { WORKER_HEARTBEAT_SECONDS, WORKER_TOKEN_PREFIX, type LeasedJob } from '@voxa/contracts';
import type { Deps } from '../../../deps';
import type { WorkerRef } from '../../../http/context';
import type { Db } from '../../../platform/db';
import { hashToken, newToken } from '../../../platform/secrets';
import * as protocol from '../../ai-workers/protocol';
import { retireWorker } from '../../ai-workers/service';
import { acceptCheckpoint, finishTraining } from '../../trainings/checkpoints';
import { runTrainingInThread } from '../../trainings/cpu/run-training-in-thread';
import { reportEpoch } from '../../trainings/worker';
import { runInThread } from './run-in-thread';
import { jobModel, servedModelCodes } from './served-models';
import { trainingInputs } from './training-inputs';

/**
 * The built-in CPU worker (docs/decisions/0048): a platform worker inside the server process that runs
 * the registry's ONNX models with the CPU runtime, and trains models on CPU (decision 0054). It speaks the worker protocol through its service
 * functions (no HTTP, no token), one job at a time, each in a worker thread of its own.
 */
export const BUILTIN_WORKER_NAME = 'Built-in CPU worker';
const VERSION = 'voxa built-in (onnxruntime-node, CPU)';
/** How long an idle worker waits before asking for a job again. */
const IDLE_POLL_MS = 1000;
/** Progress is written at most this often (each write renews the lease). */
const PROGRESS_EVERY_MS = 2000;
/** A row of a built-in worker unheard of this long (its process was killed) is retired at the next start. */
const STALE_AFTER_MS = 60 * 60 * 1000;

type WorkerDeps = Pick<Deps, 'db' | 'storage' | 'config' | 'realtime' | 'log'>;

export interface BuiltinWorker {
  readonly id: number;
  /** Stops leasing, ends the running job's thread and gives the job back to the queue; revokes its row. */
  stop(): Promise<void>;
}

export async function startBuiltinWorker(
  deps: WorkerDeps,
  options: { threads: number },
): Promise<BuiltinWorker> {
  const { db, log } = deps;
  const me: WorkerRef = { id: await newWorkerRow(db), teamId: null };
  const threads = options.threads || Math.max(1, os.availableParallelism() - 1);
  const stopping = new AbortController();
  let current: { job: LeasedJob; abort: AbortController } | null = null;
  /** The codes it registered with; null before its first registration (which also says it trains). */
  let served: string | null = null;

  /** An inference: the model over the series' first volume, its labels handed back as a result. */
  const runInference = async (job: LeasedJob, abort: AbortController) => {
    const note = (progress: number, line?: string) =>
      protocol
        .reportProgress(db, me, job.id, { progress, log: line })
        .then(({ stop }) => stop && abort.abort(new Error(protocol.NOT_HELD)));
    const model = await jobModel(deps, job.model.id);
    if (typeof model === 'string') throw new Error(model);
    const input = await protocol.jobInput(deps, me, job.id, 0);
    await note(0, `${BUILTIN_WORKER_NAME}: ${job.model.code}, attempt ${job.attempt}, trace ${job.trace_id}`);
    log.info({ job: job.id, attempt: job.attempt, trace: job.trace_id }, 'built-in worker: running job');
    let reported = Date.now();
    const run = await runInThread(
      { ...model, inputPath: await deps.storage.path(input.key), threads },
      {
        signal: abort.signal,
        onProgress: (fraction) => {
          if (Date.now() - reported < PROGRESS_EVERY_MS) return;
          reported = Date.now();
          note(fraction).catch((error: unknown) =>
            log.warn({ err: error, job: job.id }, 'progress not kept'),
          );
        },
      },
    );
    await note(1, `Labels ready in ${run.seconds.toFixed(1)} s on ${threads} thread(s).`);
    await protocol.acceptResult(deps, me, job.id, run.labelMap);
    log.info({ job: job.id, seconds: run.seconds }, 'built-in worker: job done');
  };

  /**
   * A training (decision 0054): its images and masks read through the protocol, the CPU engine in a
   * thread of its own, each epoch reported on the curves, each improving epoch's network uploaded as a
   * checkpoint, then finish; a stop heard at an epoch (or a heartbeat) ends the thread.
   */
  const runTraining = async (job: LeasedJob, abort: AbortController) => {
    const started = Date.now();
    const inputs = await trainingInputs(deps, me, job);
    if (typeof inputs === 'string') throw new Error(inputs);
    const head = `${BUILTIN_WORKER_NAME}: training ${job.model.code} on ${inputs.cases.length} case(s)`;
    const skipped = inputs.skipped ? ` (${inputs.skipped} without a mask left out)` : '';
    await protocol.reportProgress(db, me, job.id, {
      progress: 0,
      log: `${head}${skipped}, attempt ${job.attempt}, trace ${job.trace_id}`,
    });
    log.info({ job: job.id, attempt: job.attempt, trace: job.trace_id }, 'built-in worker: training');
    const best = await runTrainingInThread(inputs.cases, inputs.setup, {
      signal: abort.signal,
      onEpoch: async (report, checkpoint) => {
        const line = `epoch ${report.epoch}: loss ${report.loss.toFixed(4)}, validation Dice ${report.valDice.toFixed(4)}`;
        const { stop } = await reportEpoch(deps, me, job.id, {
          epoch: report.epoch,
          loss: report.loss,
          val_dice: report.valDice,
          log: line,
        });
        if (stop) return abort.abort(new Error(protocol.NOT_HELD));
        if (checkpoint)
          await acceptCheckpoint(
            deps,
            me,
            job.id,
            { epoch: checkpoint.epoch, val_dice: checkpoint.valDice, spec: checkpoint.spec },
            Readable.from([checkpoint.onnx]),
          );
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const { learned } = await finishTraining(deps, me, job.id, {
      log: `Best validation Dice ${best.valDice.toFixed(4)} at epoch ${best.epoch}; trained in ${seconds} s.`,
    });
    log.info({ job: job.id, seconds, learned }, 'built-in worker: training done');
  };

  const runJob = async (job: LeasedJob) => {
    const abort = new AbortController();
    current = { job, abort };
    try {
      await (job.kind === 'training' ? runTraining(job, abort) : runInference(job, abort));
    } catch (error) {
      // Stopped (the server closes, or the job is no longer ours): nothing to report.
      if (abort.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, job: job.id, trace: job.trace_id }, 'built-in worker: job failed');
      await protocol.failJob(deps, me, job.id, { message }).catch(() => undefined);
    } finally {
      current = null;
    }
  };

  /** One round: what it serves (models come and go), then a job if there is one; answers whether it ran one. */
  const round = async () => {
    const codes = await servedModelCodes(db);
    if (codes.join('\n') !== served) {
      await protocol.registerWorker(db, me, {
        runtimes: ['onnx'],
        models: codes,
        capacity: 1,
        version: VERSION,
        kinds: ['inference', 'training'],
      });
      served = codes.join('\n');
    }
    const job = await protocol.leaseJob(deps, me);
    if (!job) return false;
    await runJob(job);
    return true;
  };

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      const ran = await round().catch((error: unknown) => {
        log.error({ err: error }, 'built-in worker: lease round failed');
        return false;
      });
      if (!ran) await sleep(IDLE_POLL_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();

  // Renews the running job's lease and keeps the worker shown online while idle; stops a job taken away.
  const beat = setInterval(() => {
    const job = current;
    protocol
      .heartbeat(db, me, job ? [job.job.id] : [])
      .then(({ stop }) => job && stop.includes(job.job.id) && job.abort.abort(new Error(protocol.NOT_HELD)))
      .catch((error: unknown) => log.warn({ err: error }, 'built-in worker: heartbeat failed'));
  }, WORKER_HEARTBEAT_SECONDS * 1000);
  beat.unref();

  return {
    id: me.id,
    async stop() {
      clearInterval(beat);
      stopping.abort();
      current?.abort.abort(new Error('The server is stopping.'));
      await loop;
      await retireWorker(db, me.id, null);
    },
  };
}

/**
 * A row of its own for each process (two processes sharing one would hold each other's jobs), with a
 * token nobody is given: only its hash is kept. Rows of processes killed long ago are retired first.
 */
async function newWorkerRow(db: Db): Promise<number> {
  await db
    .updateTable('ai_workers')
    .set({ revoked_at: new Date() })
    .where('team_id', 'is', null)
    .where('name', '=', BUILTIN_WORKER_NAME)
    .where('revoked_at', 'is', null)
    .where((eb) =>
      eb(eb.fn.coalesce('last_seen_at', 'created_at'), '<', new Date(Date.now() - STALE_AFTER_MS)),
    )
    .execute();
  const row = await db
    .insertInto('ai_workers')
    .values({
      team_id: null,
      name: BUILTIN_WORKER_NAME,
      token_hash: hashToken(`${WORKER_TOKEN_PREFIX}${newToken()}`),
      runtimes: JSON.stringify(['onnx']),
      capacity: 1,
      version: VERSION,
      last_seen_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
