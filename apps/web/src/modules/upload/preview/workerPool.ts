import type { ConvertResult, PreviewRequest, PreviewResponse, RenderResult } from './protocol';

export type PreviewJob = DistributiveOmit<PreviewRequest, 'id'>;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
type ResultOf<J extends PreviewJob> = J extends { type: 'convert' } ? ConvertResult : RenderResult;

export interface PreviewPool {
  /** Queues a job; an aborted job still waiting is dropped (rejects with an AbortError). */
  run<J extends PreviewJob>(job: J, signal?: AbortSignal): Promise<ResultOf<J>>;
  terminate(): void;
}

/** Two cores on the target machines: one for previews, one for a dcm2niix conversion running beside them. */
export const PREVIEW_WORKERS = 2;

interface Pending {
  job: PreviewJob;
  resolve: (result: RenderResult | ConvertResult) => void;
  reject: (error: Error) => void;
}

const abortError = () => new DOMException('The preview is no longer wanted', 'AbortError');

/**
 * Module workers created on first use. The newest job runs first: a slider moved several times wants its
 * last position, and tiles scrolled into view want theirs before those already left behind.
 */
export function createPreviewPool(size = PREVIEW_WORKERS): PreviewPool {
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  const running = new Map<number, { worker: Worker; pending: Pending }>();
  const workers = new Set<Worker>();
  let nextId = 1;

  const start = (): Worker => {
    const worker = new Worker(new URL('./preview.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<PreviewResponse>) => {
      const entry = running.get(event.data.id);
      running.delete(event.data.id);
      idle.push(worker);
      entry?.pending.resolve(event.data.result);
      dispatch();
    };
    worker.onerror = (event) => {
      // A worker that died (out of memory, a crash in WASM) fails its job and is replaced.
      const error = new Error(event.message || 'The preview worker stopped');
      for (const [id, entry] of running) {
        if (entry.worker !== worker) continue;
        running.delete(id);
        entry.pending.reject(error);
      }
      worker.terminate();
      workers.delete(worker);
      dispatch();
    };
    workers.add(worker);
    return worker;
  };

  const dispatch = () => {
    for (;;) {
      const pending = queue.pop();
      if (!pending) return;
      const worker = idle.pop() ?? (workers.size < size ? start() : undefined);
      if (!worker) {
        queue.push(pending);
        return;
      }
      const id = nextId++;
      running.set(id, { worker, pending });
      worker.postMessage({ ...pending.job, id } as PreviewRequest);
    }
  };

  return {
    run: <J extends PreviewJob>(job: J, signal?: AbortSignal) =>
      new Promise<ResultOf<J>>((resolve, reject) => {
        if (signal?.aborted) return reject(abortError());
        const pending: Pending = { job, resolve: resolve as Pending['resolve'], reject };
        // Dropped from the queue at once; a job already running finishes and its result is ignored.
        signal?.addEventListener(
          'abort',
          () => {
            const index = queue.indexOf(pending);
            if (index < 0) return;
            queue.splice(index, 1);
            reject(abortError());
          },
          { once: true },
        );
        queue.push(pending);
        dispatch();
      }),
    terminate: () => {
      workers.forEach((worker) => worker.terminate());
      queue.splice(0).forEach((pending) => pending.reject(abortError()));
    },
  };
}
