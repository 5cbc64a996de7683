import type { Db } from '../db';
import { bullmqQueue } from './bullmq-queue';
import { dbQueue } from './db-queue';
import type { JobQueue } from './types';

export type { JobHandler, JobQueue } from './types';

/** BullMQ on Redis when REDIS_URL is set, the database queue otherwise (same interface, same guarantees). */
export function createQueue(opts: {
  db: Db;
  redisUrl?: string;
  prefix: string;
  onError: (error: unknown, jobId: string) => void;
}): JobQueue {
  if (opts.redisUrl) return bullmqQueue(opts.redisUrl, { onError: opts.onError, prefix: opts.prefix });
  return dbQueue(opts.db, { onError: (error, job) => opts.onError(error, job.id) });
}
