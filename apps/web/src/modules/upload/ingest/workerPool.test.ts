import { describe, expect, it } from 'vitest';
import type { ReadGroupRequest, ReadGroupResponse } from './protocol';
import { readGroup } from './read-group';
import { createIngestPool, type IngestWorker } from './workerPool';

const fileOf = (size: number) => new File([Uint8Array.from({ length: size }, (_, i) => i % 251)], 'x.dcm');
const job = (count: number) => ({
  files: Array.from({ length: count }, () => fileOf(200)),
  types: Array.from({ length: count }, () => 'dcm' as const),
  maxInflatedBytes: 1024 * 1024,
});

/** Workers that answer in this thread with the worker's own `readGroup`, recording what they were sent. */
function inProcessWorkers(answer: (request: ReadGroupRequest) => Promise<ReadGroupResponse> = readGroup) {
  const requests: ReadGroupRequest[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const spawn = (): IngestWorker => {
    const worker: IngestWorker = {
      onmessage: null,
      onerror: null,
      terminate: () => undefined,
      postMessage: (request: ReadGroupRequest) => {
        requests.push(request);
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        void answer(request).then((data) => {
          inFlight -= 1;
          worker.onmessage?.call(worker as Worker, new MessageEvent('message', { data }));
        });
      },
    } as IngestWorker;
    return worker;
  };
  return { spawn, requests, mostInFlight: () => mostInFlight };
}

describe('createIngestPool', () => {
  it('answers every group, with at most four groups in the workers at once', async () => {
    const workers = inProcessWorkers();
    const pool = createIngestPool(2, workers.spawn);
    const results = await Promise.all(Array.from({ length: 10 }, () => pool.read(job(3))));
    expect(results.map((r) => r.length)).toEqual(Array(10).fill(3));
    expect(workers.requests).toHaveLength(10);
    expect(workers.mostInFlight()).toBe(4);
  });

  it('sends a group whose joined prefixes are unreadable again, to be read file by file', async () => {
    const workers = inProcessWorkers((request) =>
      request.prefixes.size > 0 ? Promise.resolve({ id: request.id, unreadable: true }) : readGroup(request),
    );
    const pool = createIngestPool(2, workers.spawn);
    const results = await pool.read(job(3));
    expect(results).toHaveLength(3);
    expect(workers.requests.map((r) => r.entries.every((e) => e.file !== null))).toEqual([false, true]);
  });
});
