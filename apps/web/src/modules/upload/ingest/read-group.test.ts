import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DICOM_PREFIX_BYTES } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import type { ReadGroupRequest } from './protocol';
import { entryFile, fileByFileEntries, groupEntries, readGroup } from './read-group';

const repoRoot = path.resolve(import.meta.dirname, '../../../../../..');
const testdata = process.env.TESTDATA_DIR ?? path.resolve(repoRoot, '../shared/testdata');
const corpusFile = (relative: string) =>
  new File([readFileSync(path.join(testdata, relative))], path.basename(relative));
const smallMr = () =>
  corpusFile('dicom/dcm_qa_nih/20180918GE/mr_0004/axial_epi_fmri_interleaved_i_to_s-00001.dcm');
const largeCt = () => corpusFile('dicom/dcm_qa_ct/GE/01.dcm');
const fileOf = (size: number) => new File([Uint8Array.from({ length: size }, (_, i) => i % 251)], 'x.dcm');
/** A Blob whose reads fail, as Chromium's do when a picked file changed on disk since it was picked. */
function unreadable<T extends Blob>(blob: T): T {
  blob.arrayBuffer = () => Promise.reject(new DOMException('changed', 'NotReadableError'));
  blob.slice = () => unreadable(new Blob([]));
  return blob;
}
const request = (group: Pick<ReadGroupRequest, 'entries' | 'prefixes'>): ReadGroupRequest => ({
  id: 7,
  ...group,
  maxInflatedBytes: 64 * 1024 * 1024,
});

describe('groupEntries', () => {
  it('joins the DICOM prefixes in one Blob and hands over only the Files a worker may need more of', async () => {
    const small = fileOf(1000);
    const large = fileOf(DICOM_PREFIX_BYTES + 10);
    const nifti = fileOf(500);
    const { entries, prefixes } = groupEntries([small, large, nifti], ['dcm', 'dcm', 'nii']);
    expect(entries).toEqual([
      { type: 'dcm', size: 1000, prefixBytes: 1000, file: null },
      { type: 'dcm', size: DICOM_PREFIX_BYTES + 10, prefixBytes: DICOM_PREFIX_BYTES, file: large },
      { type: 'nii', size: 500, prefixBytes: 0, file: nifti },
    ]);
    expect(prefixes.size).toBe(1000 + DICOM_PREFIX_BYTES);
    const bytes = new Uint8Array(await prefixes.arrayBuffer());
    expect(bytes.subarray(0, 1000)).toEqual(new Uint8Array(await small.arrayBuffer()));
    expect(bytes.subarray(1000)).toEqual(
      new Uint8Array(await large.slice(0, DICOM_PREFIX_BYTES).arrayBuffer()),
    );
  });
});

describe('readGroup', () => {
  it('reads every header of a group from its joined prefixes, in order', async () => {
    const files = [smallMr(), largeCt(), smallMr()];
    const response = await readGroup(request(groupEntries(files, ['dcm', 'dcm', 'dcm'])));
    expect(response.id).toBe(7);
    if ('unreadable' in response) throw new Error('read as unreadable');
    expect(response.results.map((r) => r.ok && r.type === 'dcm' && r.header.modality)).toEqual([
      'MR',
      'CT',
      'MR',
    ]);
  });

  it('reads a NIfTI file from its File beside DICOM prefixes', async () => {
    const nifti = corpusFile('nifti/nibabel/example4d.nii.gz');
    const response = await readGroup(request(groupEntries([smallMr(), nifti], ['dcm', 'nii'])));
    if ('unreadable' in response) throw new Error('read as unreadable');
    expect(response.results.map((r) => r.ok && r.type)).toEqual(['dcm', 'nii']);
  });

  it('answers unreadable when the joined prefixes cannot be read', async () => {
    const { entries } = groupEntries([smallMr()], ['dcm']);
    const prefixes = unreadable(new Blob([]));
    expect(await readGroup(request({ entries, prefixes }))).toEqual({ id: 7, unreadable: true });
  });

  it('read file by file, fails only the file that cannot be read', async () => {
    const broken = unreadable(fileOf(1000));
    const response = await readGroup(request(fileByFileEntries([smallMr(), broken], ['dcm', 'dcm'])));
    if ('unreadable' in response) throw new Error('read as unreadable');
    expect(response.results[0]?.ok).toBe(true);
    expect(response.results[1]).toMatchObject({
      ok: false,
      error: expect.stringContaining('Could not read the file'),
    });
  });
});

describe('entryFile', () => {
  it('serves the prefix from memory and the rest from the File', async () => {
    const file = fileOf(DICOM_PREFIX_BYTES + 10);
    const { entries, prefixes } = groupEntries([fileOf(3), file], ['dcm', 'dcm']);
    const prefix = new Uint8Array(await prefixes.arrayBuffer(), 3, DICOM_PREFIX_BYTES);
    const readable = entryFile(entries[1] as (typeof entries)[number], prefix);
    expect(readable.size).toBe(file.size);
    const head = new Uint8Array(await readable.slice(0, 4).arrayBuffer());
    expect(Array.from(head)).toEqual([0, 1, 2, 3]);
    const tail = new Uint8Array(await readable.slice(DICOM_PREFIX_BYTES - 2).arrayBuffer());
    expect(Array.from(tail)).toEqual(
      Array.from({ length: 12 }, (_, i) => (DICOM_PREFIX_BYTES - 2 + i) % 251),
    );
    expect((await readable.arrayBuffer?.())?.byteLength).toBe(file.size);
  });

  it('serves a whole small file from memory without a File behind it', async () => {
    const { entries, prefixes } = groupEntries([fileOf(1000)], ['dcm']);
    const readable = entryFile(
      entries[0] as (typeof entries)[number],
      new Uint8Array(await prefixes.arrayBuffer()),
    );
    expect((await readable.arrayBuffer?.())?.byteLength).toBe(1000);
    expect(new Uint8Array(await readable.slice(10, 12).arrayBuffer())).toEqual(new Uint8Array([10, 11]));
  });
});
