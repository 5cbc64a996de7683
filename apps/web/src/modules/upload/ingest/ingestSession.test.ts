import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { UPLOAD_LIMITS } from '@voxa/contracts';
import { GZIP_DAMAGED_ERROR, GZIP_NOT_DICOM_ERROR, readFileHeader, unsupportedReason } from '@voxa/imaging';
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
      const options = { maxInflatedBytes: job.maxInflatedBytes };
      return Promise.all(job.files.map((file, i) => readFileHeader(file, job.types[i] ?? 'dcm', options)));
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
    expect(last.files.filter((f) => f.note).map((f) => f.ref.name)).toHaveLength(61);
  });

  it('counts .dcm.gz files as DICOM, and moves a .gz without DICOM to unsupported with its reason', async () => {
    // Inflation runs on Node's own streams, which fake timers would hold back.
    vi.useRealTimers();
    const { pool, jobs } = fakePool();
    const snapshots: IngestSnapshot[] = [];
    const session = createIngestSession(pool, (s) => snapshots.push(s));
    const gzipped = Array.from({ length: 3 }, (_, i) => {
      const name = `${String(i + 1).padStart(2, '0')}.dcm`;
      return new File(
        [gzipSync(readFileSync(path.join(testdata, 'dicom/dcm_qa_ct/GE', name)))],
        `${name}.gz`,
      );
    });
    const packed = gzipSync(readFileSync(path.join(testdata, 'dicom/dcm_qa_ct/GE/04.dcm')));
    const damaged = new File([packed.subarray(0, packed.length - 100)], '04.dcm.gz');
    const notDicom = new File([gzipSync('a list of patients')], 'list.gz');
    const notes = new File(['hello'], 'notes.txt');
    const { unsupported } = session.add([...gzipped, damaged, notDicom, notes].map(picked));
    expect(unsupported).toBe(1);
    expect(snapshots[0]?.counts).toMatchObject({ dcm: 5, unsupported: 1 });
    await vi.waitFor(() => expect(snapshots.at(-1)?.loading).toBe(false));
    expect(jobs[0]?.maxInflatedBytes).toBe(UPLOAD_LIMITS.defaultMaxFileBytes);
    const last = snapshots.at(-1) as IngestSnapshot;
    expect(last.counts).toMatchObject({ dcm: 3, unsupported: 3 });
    expect(last.studies[0]?.series[0]).toMatchObject({ cnt: 3 });
    const unsupportedRows = last.files.filter((f) => f.kind === 'unsupported');
    expect(unsupportedRows.map((f) => [f.ref.name, f.note])).toEqual([
      ['04.dcm.gz', GZIP_DAMAGED_ERROR],
      ['list.gz', GZIP_NOT_DICOM_ERROR],
      ['notes.txt', unsupportedReason(notes)],
    ]);
  });

  it('stops reporting and ends the workers when disposed', () => {
    const { pool } = fakePool();
    const onChange = vi.fn();
    createIngestSession(pool, onChange).dispose();
    expect(pool.terminate).toHaveBeenCalled();
  });
});
