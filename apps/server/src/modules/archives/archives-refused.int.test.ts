import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortSession, uploadArchives, type SortOutcome } from '../../../test/archive-flow';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { readCorpusFile } from '../../../test/corpus';
import { filesBelow } from '../../../test/files';
import { makeZip } from '../../../test/zip-writer';

/**
 * Hostile and broken archives sent through the upload endpoints: each is refused on its own with the
 * reason, nothing of it stays, nothing lands outside the session's inflated folder, and the good archive
 * beside them is sorted all the same.
 */
let u: Uploader;
let session: string;
let sorted: SortOutcome;
const dicom = readCorpusFile('dicom/dcm_qa_ct/GE/01.dcm');
// Zeros inflate about a thousand times: past 64 MB the ratio limit (200) refuses them as a bomb.
const zeros = new Uint8Array(80 * 1024 * 1024);

beforeAll(async () => {
  u = await newUploader();
  const deepest = makeZip([{ name: 'x.dcm', data: dicom }]);
  const middle = makeZip([{ name: 'deep.zip', data: deepest, stored: true }]);
  const good = makeZip([{ name: 'ct/01.dcm', data: dicom }]);
  session = await uploadArchives(u, [
    { name: 'slip.zip', bytes: makeZip([{ name: '../../../../evil.dcm', data: dicom }]) },
    { name: 'link.zip', bytes: makeZip([{ name: 'evil-link', data: '/etc/passwd', mode: 0o120777 }]) },
    { name: 'bomb.zip', bytes: makeZip([{ name: 'evil-bomb.dcm', data: zeros }]) },
    { name: 'bomb_nii.gz', bytes: gzipSync(zeros) },
    { name: 'nested.zip', bytes: makeZip([{ name: 'middle.zip', data: middle, stored: true }]) },
    { name: 'damaged.zip', bytes: good.subarray(0, good.length - 30) },
    { name: 'good.zip', bytes: good },
  ]);
  sorted = await sortSession(u, session);
}, 300_000);
afterAll(async () => u.t.close());

describe('refused archives', () => {
  it('are each told with their reason, and the good one is sorted all the same', () => {
    const byName = Object.fromEntries(sorted.one.map((e) => [e.name, e]));
    // yauzl refuses the name before the policy sees it; either way the archive is refused.
    expect(byName['slip.zip']?.error).toMatch(/leaves the archive folder/);
    expect(byName['link.zip']?.error).toMatch(/symbolic link/);
    expect(byName['bomb.zip']?.error).toMatch(/zip bomb/);
    expect(byName['bomb_nii.gz']?.error).toMatch(/zip bomb/);
    expect(byName['nested.zip']?.error).toMatch(/nested more than 1 deep/);
    expect(byName['damaged.zip']?.error).toMatch(/zip/i);
    expect(byName['good.zip']).toEqual({ session, name: 'good.zip', files: 1, error: null });
    expect(sorted.one.every((e) => e.name === 'good.zip' || e.files === 0)).toBe(true);
    expect(sorted.all).toEqual([{ session, status: 'sorted', studies: 1, nifties: 0 }]);
    expect(sorted.metadata.archives).toHaveLength(7);
    expect(sorted.metadata.studies[0]?.series[0]?.files.map((f) => f.path)).toEqual(['good.zip/ct/01.dcm']);
  });

  it('leave nothing behind: the inflated folder holds the good archive’s file only, and nothing is outside', async () => {
    const root = u.t.app.deps.storage.root;
    const sessionDir = path.join(root, 'teams', String(u.team.id), 'uploads', session);
    const files = (await filesBelow(root)).map((f) => path.relative(root, f));
    const inSession = (p: string) => p.startsWith(path.relative(root, sessionDir) + path.sep);
    expect(files.filter((f) => !inSession(f))).toEqual([]);
    expect(
      (await filesBelow(path.join(sessionDir, 'inflated'))).map((f) => path.relative(sessionDir, f)),
    ).toEqual([path.join('inflated', 'good.zip', 'ct', '01.dcm')]);
    // Nor above DATA_DIR: the zip-slip name aimed four folders up.
    const above = await readdir(path.dirname(root));
    expect(above.filter((name) => name.startsWith('evil'))).toEqual([]);
  });
});
