import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readFileHeader } from '@voxa/imaging';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIngestSession, type IngestSnapshot } from './ingestSession';
import type { IngestPool, ReadJob } from './workerPool';

const repoRoot = path.resolve(import.meta.dirname, '../../../../../..');
const testdata = process.env.TESTDATA_DIR ?? path.resolve(repoRoot, '../shared/testdata');
const corpusFile = (relative: string, name = path.basename(relative)) =>
  new File([readFileSync(path.join(testdata, relative))], name);
const picked = (file: File) => ({ file, path: file.name });

/** Reads in the test's thread, as the workers would, and records the group sizes. */
function fakePool() {
  const jobs: ReadJob[] = [];
  const pool: IngestPool = {
    read: async (job) => {
      jobs.push(job);
      return Promise.all(job.files.map((file, i) => readFileHeader(file, job.types[i] ?? 'dcm')));
    },
    terminate: vi.fn(),
  };
  return { pool, jobs };
}

describe('createIngestSession', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('classifies at once, reads 50 at a time and groups when done', async () => {
    const { pool, jobs } = fakePool();
    const snapshots: IngestSnapshot[] = [];
    const session = createIngestSession(pool, (s) => snapshots.push(s));
    const ct = Array.from({ length: 28 }, (_, i) =>
      corpusFile(`dicom/dcm_qa_ct/GE/${String(i + 1).padStart(2, '0')}.dcm`),
    );
    const many = Array.from({ length: 60 }, (_, i) => new File([new Uint8Array(10)], `x${i}.dcm`));
    const extra = [new File(['hello'], 'notes.txt'), corpusFile('dicom/dcm_qa_ct/GE/01.dcm')];
    const { unsupported } = session.add([...ct, ...many, ...extra].map(picked));
    expect(unsupported).toBe(1);
    expect(snapshots[0]?.counts).toEqual({ dcm: 88, nii: 0, compressed: 0, unsupported: 1, duplicate: 1 });
    expect(snapshots[0]?.loading).toBe(true);
    await vi.runAllTimersAsync();
    expect(jobs.map((j) => j.files.length)).toEqual([50, 38]);
    const last = snapshots.at(-1) as IngestSnapshot;
    expect(last.loading).toBe(false);
    expect(last.progress).toEqual({ done: 88, total: 88 });
    expect(last.studies[0]?.series[0]).toMatchObject({ seriesNumber: 2, cnt: 28 });
    expect(last.files.filter((f) => f.note).map((f) => f.ref.name)).toHaveLength(60);
  });

  it('stops reporting and ends the workers when disposed', () => {
    const { pool } = fakePool();
    const onChange = vi.fn();
    createIngestSession(pool, onChange).dispose();
    expect(pool.terminate).toHaveBeenCalled();
  });
});
