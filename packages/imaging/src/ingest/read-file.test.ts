import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDicomFile, readFileHeader } from './read-file';
import { TESTDATA_DIR as testdata } from '../../test/manifest';

const blobOf = (relative: string) => new Blob([readFileSync(path.join(testdata, relative))]);
const options = { maxInflatedBytes: 64 * 1024 * 1024 };

/** A Blob that counts the bytes asked of it, to show when the reader falls back to the whole file. */
function counting(blob: Blob) {
  const reads: number[] = [];
  return {
    reads,
    size: blob.size,
    slice(start = 0, end = blob.size) {
      reads.push(end - start);
      return blob.slice(start, end);
    },
  };
}

describe('readFileHeader', () => {
  it('reads a DICOM header from a prefix only', async () => {
    const file = counting(blobOf('dicom/dcm_qa_ct/GE/01.dcm'));
    const result = await readFileHeader(file, 'dcm', options);
    expect(result.ok && result.type === 'dcm' && result.header.modality).toBe('CT');
    expect(file.reads).toEqual([256 * 1024]);
  });
  it('parses the head it is given in place, at any offset of its buffer, and reads nothing', async () => {
    const bytes = readFileSync(path.join(testdata, 'dicom/dcm_qa_ct/GE/01.dcm'));
    const joined = new Uint8Array(7 + 256 * 1024);
    joined.set(bytes.subarray(0, 256 * 1024), 7);
    const file = { ...counting(new Blob([bytes])), head: joined.subarray(7) };
    const result = await readFileHeader(file, 'dcm', options);
    expect(result.ok && result.type === 'dcm' && result.header.modality).toBe('CT');
    expect(file.reads).toEqual([]);
  });
  it('reads the whole DICOM file when the prefix ends before Pixel Data', async () => {
    const file = counting(blobOf('dicom/dcm_qa_ct/GE/01.dcm'));
    const result = await readDicomFile(file, { ...options, prefixBytes: 200 });
    expect(result.ok && result.type === 'dcm' && result.header.hasPixelData).toBe(true);
    expect(file.reads).toEqual([200, file.size]);
  });
  it('reports a file that is not DICOM instead of throwing', async () => {
    const result = await readFileHeader(new Blob([new Uint8Array(20_000)]), 'dcm', options);
    expect(result.ok).toBe(false);
  });
  it('reads a NIfTI header', async () => {
    const result = await readFileHeader(blobOf('nifti/nibabel/anatomical.nii'), 'nii', options);
    expect(result.ok && result.type === 'nii' && result.header.slices).toBe(25);
  });
  it('reads a gzipped NIfTI header', async () => {
    const result = await readFileHeader(blobOf('nifti/nibabel/example4d.nii.gz'), 'nii', options);
    expect(result.ok && result.type === 'nii' && result.header.volumes).toBe(2);
  });
  it('turns a failing read into an error result', async () => {
    const broken = { size: 10, slice: () => ({ arrayBuffer: () => Promise.reject(new Error('gone')) }) };
    expect(await readFileHeader(broken, 'nii', options)).toEqual({
      type: 'nii',
      ok: false,
      error: 'Could not read the file: gone',
    });
  });
});
