import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readTestFile } from '../../test/manifest';
import { readDicomHeader } from '../dicom/read-header';
import { GZIP_DAMAGED_ERROR, gzipTooLargeError } from '../gzip/gunzip';
import { readDicomFile, readFileHeader } from './read-file';
import { GZIP_NIFTI_ERROR, GZIP_NOT_DICOM_ERROR } from './read-gzip';

const MiB = 1024 * 1024;
const options = { maxInflatedBytes: 64 * MiB };
const gzBlob = (bytes: Uint8Array) => new Blob([gzipSync(bytes)]);

const CT = 'dicom/dcm_qa_ct/GE/01.dcm';
const ENHANCED = 'dicom/dcm_qa_enh/Philips/IM_0027_fMAP.dcm';

function plainHeader(relative: string) {
  const result = readDicomHeader(readTestFile(relative));
  if (!result.ok) throw new Error(result.error);
  return result.header;
}

describe('reading gzipped DICOM', () => {
  it('reads a .dcm.gz CT slice as the plain file reads', async () => {
    const result = await readFileHeader(gzBlob(readTestFile(CT)), 'dcm', options);
    expect(result).toEqual({ type: 'dcm', ok: true, header: plainHeader(CT) });
  });

  it('reads an enhanced multi-frame MR whose header runs past the inflated prefix', async () => {
    const file = gzBlob(readTestFile(ENHANCED));
    const result = await readDicomFile(file, { ...options, prefixBytes: 2000 });
    expect(result).toEqual({ type: 'dcm', ok: true, header: plainHeader(ENHANCED) });
    expect(result.ok && result.type === 'dcm' && result.header.numberOfFrames).toBe(64);
  });

  it('reads compressed bytes in slices when the gzip file is longer than the first read', async () => {
    const result = await readDicomFile(gzBlob(readTestFile(ENHANCED)), { ...options, prefixBytes: 1000 });
    expect(result.ok).toBe(true);
  });

  it('reads a bare data set (no preamble) inside a gzip, as the plain reader accepts it', async () => {
    const part10 = readTestFile(CT);
    const metaLength = new DataView(part10.buffer, part10.byteOffset).getUint32(140, true);
    const result = await readFileHeader(gzBlob(part10.slice(144 + metaLength)), 'dcm', options);
    expect(result.ok && result.type === 'dcm' && result.header.modality).toBe('CT');
  });

  it('calls a .gz holding neither DICOM nor NIfTI unsupported, with the reason', async () => {
    const text = new TextEncoder().encode('patient list, not an image\n'.repeat(1000));
    expect(await readFileHeader(gzBlob(text), 'dcm', options)).toEqual({
      type: 'dcm',
      ok: false,
      error: GZIP_NOT_DICOM_ERROR,
      unsupported: true,
    });
    expect(await readFileHeader(gzBlob(new Uint8Array(0)), 'dcm', options)).toMatchObject({
      error: GZIP_NOT_DICOM_ERROR,
      unsupported: true,
    });
  });

  it('tells that a .gz holding NIfTI needs the .nii.gz name', async () => {
    const nifti = readTestFile('nifti/nibabel/anatomical.nii');
    expect(await readFileHeader(gzBlob(nifti), 'dcm', options)).toMatchObject({
      error: GZIP_NIFTI_ERROR,
      unsupported: true,
    });
  });

  it('calls a cut-short or corrupt .dcm.gz unsupported as damaged', async () => {
    const packed = new Uint8Array(gzipSync(readTestFile(CT)));
    const corrupt = packed.slice();
    corrupt.fill(0, 5000, 6000);
    for (const bytes of [packed.slice(0, packed.length - 1000), corrupt])
      expect(await readFileHeader(new Blob([bytes]), 'dcm', options)).toEqual({
        type: 'dcm',
        ok: false,
        error: GZIP_DAMAGED_ERROR,
        unsupported: true,
      });
  });

  it('refuses a file that inflates past the upload file limit (a gzip bomb)', async () => {
    const bomb = gzBlob(new Uint8Array(32 * MiB));
    expect(await readFileHeader(bomb, 'dcm', { maxInflatedBytes: 8 * MiB })).toEqual({
      type: 'dcm',
      ok: false,
      error: gzipTooLargeError(8 * MiB),
      unsupported: true,
    });
  });

  it('reports a file that cannot be read to its end as such, not as damaged', async () => {
    const packed = new Blob([gzipSync(readTestFile(CT))]);
    let reads = 0;
    const vanishing = {
      size: packed.size,
      slice: (start?: number, end?: number) =>
        reads++ === 0 ? packed.slice(start, end) : { arrayBuffer: () => Promise.reject(new Error('gone')) },
    };
    expect(await readFileHeader(vanishing, 'dcm', { ...options, prefixBytes: 1000 })).toEqual({
      type: 'dcm',
      ok: false,
      error: 'Could not read the file: gone',
    });
  });

  it('keeps a gzipped DICOM that is damaged inside a DICOM file with the read error', async () => {
    const cut = readTestFile(CT).slice(0, 600);
    const result = await readFileHeader(gzBlob(cut), 'dcm', options);
    expect(result).toEqual({ type: 'dcm', ok: false, error: expect.stringMatching(/DICOM/) });
    expect(result).not.toHaveProperty('unsupported');
  });
});
