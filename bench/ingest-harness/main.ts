/**
 * Bench harness page (built by bench/ingest.mjs with Vite, never part of the app): reads the chosen files
 * without parsing, then ingests them with the upload page's own session and worker pool.
 */
import { DICOM_PREFIX_BYTES, readGroups } from '@voxa/imaging';
import {
  createIngestSession,
  type IngestSnapshot,
} from '../../apps/web/src/modules/upload/ingest/ingestSession';
import { groupEntries } from '../../apps/web/src/modules/upload/ingest/read-group';
import {
  createIngestPool,
  ingestWorkers,
  type IngestPool,
} from '../../apps/web/src/modules/upload/ingest/workerPool';

interface IngestRun {
  ms: number;
  studies: number;
  series: number;
  slices: number;
  errors: number;
}

/**
 * The reference: the bytes the ingest reads, read on the page file by file, 50 at a time, no parsing (a
 * file within the 256 KiB prefix whole, a longer one's prefix through a slice); or, `sliced`, every one
 * through a slice as the ingest read them before decision 0029 (printed for comparison).
 */
async function rawRead(files: File[], sliced = false): Promise<number> {
  const start = performance.now();
  for (const group of readGroups(files)) {
    await Promise.all(
      group.map((file) =>
        file.size <= DICOM_PREFIX_BYTES && !sliced
          ? file.arrayBuffer()
          : file.slice(0, DICOM_PREFIX_BYTES).arrayBuffer(),
      ),
    );
  }
  return performance.now() - start;
}

/**
 * The same bytes read as the ingest now reads them (decision 0083), no parsing: each group's prefixes
 * joined in one Blob, read in the workers, four groups at once (printed for comparison).
 */
async function joinedRead(files: File[]): Promise<number> {
  const answered = new Map<number, () => void>();
  const workers = Array.from({ length: ingestWorkers() }, () => {
    const worker = new Worker(new URL('./read.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<number>) => answered.get(event.data)?.();
    return worker;
  });
  const groups = readGroups(files);
  const start = performance.now();
  let next = 0;
  const lane = async (worker: Worker) => {
    for (let id = next++; id < groups.length; id = next++) {
      const group = groups[id] as File[];
      const { prefixes } = groupEntries(group, Array(group.length).fill('dcm'));
      await new Promise<void>((resolve) => {
        answered.set(id, resolve);
        worker.postMessage({ id, blob: prefixes });
      });
    }
  };
  // Four lanes over the workers, as the pool keeps four groups in them.
  await Promise.all(Array.from({ length: 4 }, (_, i) => lane(workers[i % workers.length] as Worker)));
  const ms = performance.now() - start;
  workers.forEach((worker) => worker.terminate());
  return ms;
}

/** Classify, read and parse in the workers, group: until the session reports the end of reading. */
function ingest(files: File[], pool: IngestPool): Promise<IngestRun> {
  return new Promise((resolve) => {
    const start = performance.now();
    const done = (s: IngestSnapshot) => {
      if (s.loading || s.progress.done < files.length) return;
      resolve({
        ms: performance.now() - start,
        studies: s.studies.length,
        series: s.studies.reduce((n, study) => n + study.series.length, 0),
        slices: s.studies.reduce((n, study) => n + study.series.reduce((m, x) => m + x.cnt, 0), 0),
        errors: s.files.filter((f) => f.note).length,
      });
    };
    // The pool outlives the session (no dispose), so every run after the first finds warm workers.
    createIngestSession(pool, done).add(files.map((file) => ({ file, path: file.name })));
  });
}

/** Longest main-thread task seen while `work` runs (Long Tasks API: tasks over 50 ms). */
async function longestTask<T>(work: () => Promise<T>): Promise<{ result: T; longestTaskMs: number }> {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const result = await work();
  await new Promise((r) => setTimeout(r, 100));
  observer.disconnect();
  return { result, longestTaskMs: longest };
}

async function bench(rounds: number) {
  const input = document.getElementById('files') as HTMLInputElement;
  const files = Array.from(input.files ?? []);
  const pool = createIngestPool();
  await rawRead(files);
  const warm = await ingest(files, pool);
  const raw: number[] = [];
  const sliced: number[] = [];
  const joined: number[] = [];
  const runs: IngestRun[] = [];
  let longestTaskMs = 0;
  for (let round = 0; round < rounds; round += 1) {
    raw.push(await rawRead(files));
    const measured = await longestTask(() => ingest(files, pool));
    runs.push(measured.result);
    longestTaskMs = Math.max(longestTaskMs, measured.longestTaskMs);
  }
  for (let round = 0; round < rounds; round += 1) joined.push(await joinedRead(files));
  // Last: the 2,000 slices' blobs the slice() read leaves behind slowed whatever read next.
  for (let round = 0; round < rounds; round += 1) sliced.push(await rawRead(files, true));
  pool.terminate();
  return { files: files.length, coldIngestMs: warm.ms, raw, joined, sliced, runs, longestTaskMs };
}

Object.assign(window, { bench });
