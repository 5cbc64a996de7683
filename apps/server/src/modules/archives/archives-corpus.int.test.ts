import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UploadedMetadata } from '@voxa/contracts';
import { readManifest } from '@voxa/imaging/test-corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortSession, uploadArchives, type SortOutcome } from '../../../test/archive-flow';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { TESTDATA_DIR } from '../../../test/corpus';
import { filesBelow } from '../../../test/files';
import { makeZip, type ZipEntry } from '../../../test/zip-writer';

/**
 * The whole corpus (DICOM and NIfTI, some 850 files of every kind the product meets) in one archive:
 * every file ends in a series or among the skipped with a reason, and every series' preview is a PNG or a
 * 422 with the reason, never a server error.
 */
let u: Uploader;
let session: string;
let sorted: SortOutcome;

beforeAll(async () => {
  u = await newUploader();
  const entries: ZipEntry[] = [];
  for (const file of await filesBelow(TESTDATA_DIR))
    if (!path.relative(TESTDATA_DIR, file).startsWith('reference'))
      entries.push({ name: path.relative(TESTDATA_DIR, file), data: await readFile(file) });
  session = await uploadArchives(u, [{ name: 'corpus.zip', bytes: makeZip(entries) }]);
  sorted = await sortSession(u, session, 300_000);
}, 400_000);
afterAll(async () => u.t.close());

describe('the whole corpus in one archive', () => {
  it('is sorted into metadata the contract accepts, every file accounted for', () => {
    const { metadata } = sorted;
    expect(UploadedMetadata.safeParse(metadata).success).toBe(true);
    expect(metadata.status).toBe('sorted');
    const inSeries = new Set(
      [...metadata.studies, ...metadata.nifties].flatMap((s) =>
        s.series.flatMap((x) => x.files.map((f) => f.path)),
      ),
    );
    const skipped = new Set(metadata.skipped.map((s) => s.path));
    const missing = readManifest()
      .map((row) => `corpus.zip/${row.path}`)
      .filter((p) => !p.includes('/reference/') && !inSeries.has(p) && !skipped.has(p));
    expect(missing).toEqual([]);
    expect(metadata.nifties.length).toBeGreaterThan(5);
    expect(metadata.studies.length).toBeGreaterThan(10);
  });

  it('previews every series as a PNG, or says why not (422)', { timeout: 300_000 }, async () => {
    const statuses = new Map<number, number>();
    for (const study of [...sorted.metadata.studies, ...sorted.metadata.nifties])
      for (const series of study.series) {
        const res = await u.t.call('GET', `/c-upload/preview/${session}/${series.uploadId}`, {
          token: u.owner.token,
          team: u.team.slug,
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 422) expect(res.body.errors.preview).toHaveLength(1);
      }
    expect([...statuses.keys()].sort()).toEqual([200, 422]);
    expect(statuses.get(200)).toBeGreaterThan(40);
  });
});
