import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readTestFile } from '../../test/manifest';
import { decodeDicomFrame, type DicomFrameResult } from './dicom-frame';
import { niftiSlice, readNiftiVolume } from './nifti-slice';
import type { PixelFrame } from './pixel-frame';

function frameOf(result: DicomFrameResult): PixelFrame {
  if (!result.ok) throw new Error(`${result.reason}: ${result.error}`);
  return result.frame;
}

function grayValues(frame: PixelFrame) {
  if (frame.kind !== 'gray') throw new Error('expected a grey frame');
  return frame.values;
}

const inflateRaw = (bytes: Uint8Array) => new Uint8Array(inflateRawSync(bytes));

describe('decodeDicomFrame on the corpus', () => {
  const mosaic = grayValues(frameOf(decodeDicomFrame(readTestFile('dicom/dcm_qa_ts/1.dcm'), 0)));

  it('reads implicit little endian and big endian to the same values as explicit little endian', () => {
    for (const file of ['2.dcm', '3.dcm']) {
      const values = grayValues(frameOf(decodeDicomFrame(readTestFile(`dicom/dcm_qa_ts/${file}`), 0)));
      // Compared as bytes: a deep equal of 147,456 elements is slow on a loaded machine.
      expect(values.constructor).toBe(mosaic.constructor);
      expect(Buffer.from(values.buffer).equals(Buffer.from(mosaic.buffer)), file).toBe(true);
    }
  });

  it('matches the dcm2niix reference voxel for voxel (mosaic tile z = NIfTI slice z, rows flipped)', () => {
    const nii = readTestFile('reference/dcm_qa_ts/1.nii');
    const result = readNiftiVolume(nii.slice().buffer);
    if (!result.ok) throw new Error(result.error);
    for (const z of [0, 17, 34]) {
      const slice = grayValues(niftiSlice(result.volume, z));
      const [tileRow, tileColumn] = [Math.floor(z / 6), z % 6];
      const tile = Array.from({ length: 64 * 64 }, (_, i) => {
        const [y, x] = [Math.floor(i / 64), i % 64];
        return mosaic[(tileRow * 64 + y) * 384 + tileColumn * 64 + x];
      });
      expect(Array.from(slice)).toEqual(tile);
    }
  });

  it('reports RLE, JPEG lossless, JPEG-LS and JPEG 2000 as encapsulated', () => {
    for (const file of ['4', '5', '6', '7', '8', '9']) {
      const result = decodeDicomFrame(readTestFile(`dicom/dcm_qa_ts/${file}.dcm`), 0);
      expect(result).toMatchObject({ ok: false, reason: 'encapsulated' });
    }
  });

  it('reads signed CT values and every frame of a multi-frame object', () => {
    const ct = decodeDicomFrame(readTestFile('dicom/dcm_qa_ct/GE/01.dcm'), 0);
    expect(frameOf(ct)).toMatchObject({ width: 512, height: 512 });
    expect(ct.ok && ct.header.modality).toBe('CT');
    expect(grayValues(frameOf(ct)).some((value) => value < 0)).toBe(true);
    const emri = readTestFile('dicom/pydicom-data/emri_small.dcm');
    const frames = [0, 9].map((frame) => grayValues(frameOf(decodeDicomFrame(emri, frame))));
    expect(frames[0]).not.toEqual(frames[1]);
    expect(decodeDicomFrame(emri, 10)).toMatchObject({ ok: false, reason: 'no-image' });
  });

  it('reads RGB and, with an inflater, deflated files', () => {
    expect(frameOf(decodeDicomFrame(readTestFile('dicom/pydicom-data/US1_UNCR.dcm'), 0))).toMatchObject({
      kind: 'rgb',
      width: 640,
      height: 480,
    });
    const deflated = readTestFile('dicom/pydicom/image_dfl.dcm');
    expect(frameOf(decodeDicomFrame(deflated, 0, { inflateRaw }))).toMatchObject({ width: 512 });
    expect(decodeDicomFrame(deflated, 0)).toMatchObject({ ok: false, reason: 'error' });
  });

  it('gives no image without pixel data and an error for a truncated file', () => {
    expect(decodeDicomFrame(readTestFile('dicom/pydicom/test-SR.dcm'), 0)).toMatchObject({
      ok: false,
      reason: 'no-image',
    });
    const whole = readTestFile('dicom/pydicom/CT_small.dcm');
    const cut = whole.slice(0, whole.length - 10_000);
    expect(decodeDicomFrame(cut, 0)).toMatchObject({ ok: false, reason: 'error' });
    expect(decodeDicomFrame(new Uint8Array(0), 0)).toMatchObject({ ok: false, reason: 'error' });
  });
});
