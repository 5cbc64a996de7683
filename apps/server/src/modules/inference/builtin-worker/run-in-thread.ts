import { runWorkerThread } from '../../../platform/threads';
import type { ThreadMessage, ThreadTask } from './thread-messages';

export interface ThreadRun {
  labelMap: Uint8Array;
  seconds: number;
}

/**
 * One job's model in a worker thread of its own (platform/threads), ended with the job (its memory goes
 * with it). An abort terminates the thread: onnxruntime's run cannot be interrupted from inside.
 */
export async function runInThread(
  task: ThreadTask,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ThreadRun> {
  const { onProgress, signal } = options;
  const done = await runWorkerThread<Extract<ThreadMessage, { kind: 'done' }>, ThreadMessage>(
    new URL('./run-job.thread.mjs', import.meta.url),
    task,
    {
      signal,
      what: 'inference',
      onMessage: (m) => (m.kind === 'progress' ? onProgress?.(m.fraction) : undefined),
    },
  );
  return { labelMap: done.labelMap, seconds: done.seconds };
}
