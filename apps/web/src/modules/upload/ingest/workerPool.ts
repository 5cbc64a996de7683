import type { FileHeaderResult } from '@voxa/imaging';
import type { ReadGroupRequest, ReadGroupResponse } from './protocol';

export type ReadJob = Omit<ReadGroupRequest, 'id'>;

export interface IngestPool {
  /** Queues a read group; resolves with its headers when a worker has read it. */
  read(job: ReadJob): Promise<FileHeaderResult[]>;
  terminate(): void;
}

/** The machines have 2 cores: one worker per core keeps reading and parsing overlapped. */
export const INGEST_WORKERS = 2;

interface Pending {
  job: ReadJob;
  resolve: (results: FileHeaderResult[]) => void;
  reject: (error: Error) => void;
}

/** A fixed set of module workers; each takes the next queued group as soon as it is free. */
export function createIngestPool(size = INGEST_WORKERS): IngestPool {
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  const running = new Map<number, Pending>();
  let nextId = 1;

  const dispatch = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop() as Worker;
      const pending = queue.shift() as Pending;
      const id = nextId++;
      running.set(id, pending);
      const request: ReadGroupRequest = { id, ...pending.job };
      worker.postMessage(request);
    }
  };

  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(new URL('./ingest.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ReadGroupResponse>) => {
      const pending = running.get(event.data.id);
      running.delete(event.data.id);
      idle.push(worker);
      pending?.resolve(event.data.results);
      dispatch();
    };
    worker.onerror = (event) => {
      // A worker that fails to load fails every job: nothing else could read them.
      const error = new Error(event.message || 'The file reader failed to start');
      [...running.values(), ...queue.splice(0)].forEach((p) => p.reject(error));
      running.clear();
    };
    idle.push(worker);
    return worker;
  });

  return {
    read: (job) =>
      new Promise((resolve, reject) => {
        queue.push({ job, resolve, reject });
        dispatch();
      }),
    terminate: () => workers.forEach((w) => w.terminate()),
  };
}
