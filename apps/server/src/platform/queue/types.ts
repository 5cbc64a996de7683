import type { JobName, JobPayload } from '@voxa/contracts';

export type JobHandler<N extends JobName> = (payload: JobPayload<N>) => Promise<void>;

/**
 * Background jobs. Handlers must be idempotent: a job runs again after a crash or a failed attempt.
 * A handler throws only for what a retry may cure; a job's own failure (a broken series) is recorded by
 * the handler, which then returns.
 */
export interface JobQueue {
  /** Queues a job once: adding an id that is waiting or running changes nothing; a failed one runs again. */
  add<N extends JobName>(name: N, payload: JobPayload<N>, jobId: string): Promise<void>;
  /** Runs the jobs of one name in this process, `concurrency` at a time. */
  work<N extends JobName>(name: N, handler: JobHandler<N>, options?: { concurrency?: number }): void;
  close(): Promise<void>;
}

export const MAX_ATTEMPTS = 3;
/** Delay before attempt n + 1 (ms). */
export const retryDelay = (attempt: number) => 2000 * 2 ** (attempt - 1);
