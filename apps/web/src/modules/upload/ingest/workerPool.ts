import type { FileHeaderResult } from '@voxa/imaging';
import type { ReadGroupRequest, ReadGroupResponse, ReadType } from './protocol';
import { fileByFileEntries, groupEntries } from './read-group';

/** A read group as the page queues it: the files a worker reads and parses. */
export interface ReadJob {
  files: File[];
  types: ReadType[];
  /** A gzipped DICOM file inflates to at most this (the upload's largest file). */
  maxInflatedBytes: number;
}

export interface IngestPool {
  /** Queues a read group; resolves with its headers when a worker has read it. */
  read(job: ReadJob): Promise<FileHeaderResult[]>;
  terminate(): void;
}

/** The part of a Worker the pool uses (a unit test hands in one that answers in-process). */
export type IngestWorker = Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>;

/** Reading and parsing workers: one per core, at least 2 and at most 4. */
export function ingestWorkers(cores = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.min(4, Math.max(2, cores));
}

/**
 * Groups handed to the workers at once: enough that a worker always has a read going while it parses,
 * few enough that their prefixes (at most 50 x 256 KiB each) stay small.
 */
const GROUPS_IN_FLIGHT = 4;

interface Pending {
  job: ReadJob;
  resolve: (results: FileHeaderResult[]) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: IngestWorker;
  groups: number;
}

const spawnWorker = (): IngestWorker =>
  new Worker(new URL('./ingest.worker.ts', import.meta.url), { type: 'module' });

/**
 * Hands each read group, one message a group, to the least busy of a fixed set of module workers, which
 * read its files' prefixes in one read and parse the headers (decision 0083). A group whose joined
 * prefixes cannot be read is sent again to be read file by file, so one bad file fails alone.
 */
export function createIngestPool(size = ingestWorkers(), spawn = spawnWorker): IngestPool {
  const queue: Pending[] = [];
  const running = new Map<number, Pending>();
  let nextId = 1;

  const send = (pending: Pending, group: Pick<ReadGroupRequest, 'entries' | 'prefixes'>) => {
    const target = workers.reduce((a, b) => (b.groups < a.groups ? b : a));
    const id = nextId++;
    running.set(id, pending);
    target.groups += 1;
    const request: ReadGroupRequest = { id, ...group, maxInflatedBytes: pending.job.maxInflatedBytes };
    target.worker.postMessage(request);
  };

  const dispatch = () => {
    while (running.size < GROUPS_IN_FLIGHT && queue.length > 0) {
      const pending = queue.shift() as Pending;
      send(pending, groupEntries(pending.job.files, pending.job.types));
    }
  };

  const workers: PoolWorker[] = Array.from({ length: size }, () => {
    const worker = spawn();
    const entry: PoolWorker = { worker, groups: 0 };
    worker.onmessage = (event: MessageEvent<ReadGroupResponse>) => {
      const pending = running.get(event.data.id);
      running.delete(event.data.id);
      entry.groups -= 1;
      if (!pending) return;
      if ('unreadable' in event.data) send(pending, fileByFileEntries(pending.job.files, pending.job.types));
      else pending.resolve(event.data.results);
      dispatch();
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
