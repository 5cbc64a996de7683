import { Worker } from 'node:worker_threads';
import type { ThreadMessage, ThreadTask } from './thread-messages';

export interface ThreadRun {
  labelMap: Uint8Array;
  seconds: number;
}

/**
 * One job's model in a worker thread of its own, ended with the job (its memory goes with it). An abort
 * terminates the thread: onnxruntime's run cannot be interrupted from inside.
 */
export function runInThread(
  task: ThreadTask,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ThreadRun> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const thread = new Worker(new URL('./run-job.thread.mjs', import.meta.url), { workerData: task });
  let onAbort = () => {};
  const run = new Promise<ThreadRun>((resolve, reject) => {
    onAbort = () => reject(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    thread.on('message', (message: ThreadMessage) => {
      if (message.kind === 'progress') onProgress?.(message.fraction);
      else if (message.kind === 'done') resolve({ labelMap: message.labelMap, seconds: message.seconds });
      else reject(new Error(message.message));
    });
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`The inference thread stopped (exit code ${code}).`)));
  });
  return run.finally(() => {
    signal?.removeEventListener('abort', onAbort);
    void thread.terminate();
  });
}
