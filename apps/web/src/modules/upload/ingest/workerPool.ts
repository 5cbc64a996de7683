import type { FileHeaderResult } from '@voxa/imaging';
import type { ReadEntry, ReadGroupRequest, ReadGroupResponse } from './protocol';
import { readEntry } from './read-entry';

/** A read group as the page queues it: the files the page reads, then hands to a worker. */
export interface ReadJob {
  files: File[];
  types: ('dcm' | 'nii')[];
  /** A gzipped DICOM file inflates to at most this (the upload's largest file). */
  maxInflatedBytes: number;
}

export interface IngestPool {
  /** Queues a read group; resolves with its headers when a worker has read it. */
  read(job: ReadJob): Promise<FileHeaderResult[]>;
  terminate(): void;
}

/** Parsing workers: one per core, at least 2 and at most 4 (the page itself does the reading). */
export function ingestWorkers(cores = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.min(4, Math.max(2, cores));
}

/**
 * Groups whose files the page reads at once: the next group is being read while the last one's bytes go
 * to a worker, so reading never waits for parsing.
 */
const GROUPS_READ_AT_ONCE = 2;

interface Pending {
  job: ReadJob;
  resolve: (results: FileHeaderResult[]) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  groups: number;
}

/**
 * The page reads each group's DICOM prefixes (as a raw read would) and transfers them, one message a
 * group, to the least busy of a fixed set of module workers, which parse the headers.
 */
export function createIngestPool(size = ingestWorkers()): IngestPool {
  const queue: Pending[] = [];
  const running = new Map<number, Pending>();
  let reading = 0;
  let nextId = 1;

  const send = (pending: Pending, entries: ReadEntry[]) => {
    const target = workers.reduce((a, b) => (b.groups < a.groups ? b : a));
    const id = nextId++;
    running.set(id, pending);
    target.groups += 1;
    const request: ReadGroupRequest = { id, entries, maxInflatedBytes: pending.job.maxInflatedBytes };
    target.worker.postMessage(
      request,
      entries.flatMap((entry) => (entry.bytes ? [entry.bytes] : [])),
    );
  };

  const dispatch = () => {
    while (reading < GROUPS_READ_AT_ONCE && queue.length > 0) {
      const pending = queue.shift() as Pending;
      const { files, types } = pending.job;
      reading += 1;
      // readEntry never rejects: a failed read is left to the worker, which reports it on the file.
      void Promise.all(files.map((file, index) => readEntry(file, types[index] ?? 'dcm'))).then((entries) => {
        reading -= 1;
        send(pending, entries);
        dispatch();
      });
    }
  };

  const workers: PoolWorker[] = Array.from({ length: size }, () => {
    const worker = new Worker(new URL('./ingest.worker.ts', import.meta.url), { type: 'module' });
    const entry: PoolWorker = { worker, groups: 0 };
    worker.onmessage = (event: MessageEvent<ReadGroupResponse>) => {
      const pending = running.get(event.data.id);
      running.delete(event.data.id);
      entry.groups -= 1;
      pending?.resolve(event.data.results);
    };
    worker.onerror = (event) => {
      // A worker that fails to load fails every job: nothing else could read them.
      const error = new Error(event.message || 'The file reader failed to start');
      [...running.values(), ...queue.splice(0)].forEach((p) => p.reject(error));
      running.clear();
    };
    return entry;
  });

  return {
    read: (job) =>
      new Promise((resolve, reject) => {
        queue.push({ job, resolve, reject });
        dispatch();
      }),
    terminate: () => workers.forEach((w) => w.worker.terminate()),
  };
}
