import { JOBS, type JobName, type JobPayload } from '@voxa/contracts';
import { Queue, Worker } from 'bullmq';
import { MAX_ATTEMPTS, retryDelay, type JobHandler, type JobQueue } from './types';

/** The job queue on Redis (BullMQ), when REDIS_URL is set: workers in any process take the jobs. */
export function bullmqQueue(
  redisUrl: string,
  options: { onError?: (error: unknown, jobId: string) => void; prefix?: string } = {},
): JobQueue {
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const prefix = options.prefix ?? 'voxa';
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  let closed = false;
  const queueOf = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix });
      queues.set(name, queue);
    }
    return queue;
  };

  return {
    async add(name, payload, jobId) {
      // A request finishing during shutdown still keeps its job, as in the database queue, on a
      // connection of its own that closes at once (none is left open after close).
      const queue = closed ? new Queue(name, { connection, prefix }) : queueOf(name);
      try {
        // BullMQ ignores a known id; a failed job is retried instead, as the database queue does.
        const existing = await queue.getJob(jobId);
        if (existing && (await existing.isFailed())) return void (await existing.retry());
        await queue.add(name, payload, {
          jobId,
          attempts: MAX_ATTEMPTS,
          backoff: { type: 'exponential', delay: retryDelay(1) },
          removeOnComplete: { count: 1000 },
          removeOnFail: { count: 5000 },
        });
      } finally {
        if (closed) await queue.close();
      }
    },
    work<N extends JobName>(name: N, handler: JobHandler<N>, { concurrency = 1 } = {}) {
      const worker = new Worker(name, async (job) => handler(JOBS[name].parse(job.data) as JobPayload<N>), {
        connection,
        prefix,
        concurrency,
      });
      worker.on('failed', (job, error) => options.onError?.(error, job?.id ?? '?'));
      workers.push(worker);
    },
    async close() {
      closed = true;
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([...queues.values()].map((q) => q.close()));
    },
  };
}
