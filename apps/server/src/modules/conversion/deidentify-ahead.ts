import type { JobPayload } from '@voxa/contracts';

export interface DeidentifyAheadOptions {
  /** Files of one session per job: a job is a few statements, a file one more without batches. */
  batch: number;
  /** How long a short batch waits for more files (the last files of an upload). */
  waitMs: number;
  onError: (error: unknown) => void;
}

/** The job queue as this uses it (platform/queue's JobQueue is one). */
export interface AheadQueue {
  add(name: 'deidentify-files', payload: JobPayload<'deidentify-files'>, jobId: string): Promise<void>;
}

export const DEIDENTIFY_AHEAD: Omit<DeidentifyAheadOptions, 'onError'> = { batch: 25, waitMs: 500 };

/**
 * Queues `deidentify-files` jobs for files as they are stored, a batch per session (decision 0070). Only
 * a head start: a batch lost with its process leaves its files to the conversion, which de-identifies
 * any file without a copy.
 */
export function deidentifyAhead(queue: AheadQueue, options: DeidentifyAheadOptions) {
  const pending = new Map<string, number[]>();
  let timer: NodeJS.Timeout | null = null;

  const send = (session: string) => {
    const files = pending.get(session);
    pending.delete(session);
    if (!files?.length) return;
    // A file is in one batch only: its row id names the job.
    queue
      .add('deidentify-files', { session, files }, `deidentify-files-${session}-${files[0]}`)
      .catch(options.onError);
  };
  const sendAll = () => {
    timer = null;
    for (const session of [...pending.keys()]) send(session);
  };

  return {
    /** A file of the session was stored (its row id). */
    stored(session: string, fileRowId: number): void {
      const files = pending.get(session) ?? [];
      if (files.length === 0) pending.set(session, files);
      files.push(fileRowId);
      if (files.length >= options.batch) send(session);
      else if (!timer) {
        timer = setTimeout(sendAll, options.waitMs);
        // A process may stop with a batch waiting: the conversion covers it.
        timer.unref();
      }
    },
  };
}

export type DeidentifyAhead = ReturnType<typeof deidentifyAhead>;
