import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readTestFile } from '../../test/manifest';
import type { DicomHeader } from '../types';
import { readDicomHeader } from './read-header';

const inflateRaw = (bytes: Uint8Array) => new Uint8Array(inflateRawSync(bytes));

function header(path: string): DicomHeader {
  const result = readDicomHeader(readTestFile(path), { inflateRaw });
  if (!result.ok) throw new Error(`${path}: ${result.error}`);
  return result.header;
}

/** The data set alone: no preamble, no DICM, no meta group (as some old archives store it). */
function withoutMetaHeader(bytes: Uint8Array): Uint8Array {
  const metaLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(140, true);
  return bytes.slice(144 + metaLength);
}

const XA = 'dicom/tensorflow-io/XA-MONO2-8-12x-catheter.dcm';
const XA30_T1 =
  'dicom/dcm_qa_xa30/5_anat-T1w_acq-tfl/0001_1.3.12.2.1107.5.2.43.67093.2022071112080825794102791.dcm';

describe('readDicomHeader fields', () => {
  it('reads an XA cine run: frames, positioner angles and the rate from FrameTime 33 ms', () => {
    const h = header(XA);
    expect(h).toMatchObject({ modality: 'XA', numberOfFrames: 12, primaryAngle: 77, secondaryAngle: -45 });
    expect(h.sopClassUid).toBe('1.2.840.10008.5.1.4.1.1.12.1');
    expect(h.cineRate).toBeCloseTo(1000 / 33, 6);
  });

  it('reads geometry, window and rescale of an enhanced MR from its functional groups', () => {
    const h = header(XA30_T1);
    expect(h).toMatchObject({
      sopClassUid: '1.2.840.10008.5.1.4.1.1.4.1',
      numberOfFrames: 96,
      sliceThickness: 2,
      pixelSpacing: [2, 2],
      imagePositionPatient: [-100.424, -156.094, 113.224],
      imageOrientationPatient: [0, 1, 0, 0, 0, -1],
      windowCenter: 515,
      windowWidth: 1039,
      rescaleIntercept: 0,
      rescaleSlope: 1,
    });
    expect(h.recognition).toMatchObject({ repetitionTime: 1800, echoTime: 2.41, inversionTime: 900 });
  });

  it('reads an enhanced CT from its functional groups', () => {
    expect(header('dicom/pydicom-data/eCT_Supplemental.dcm')).toMatchObject({
      sopClassUid: '1.2.840.10008.5.1.4.1.1.2.1',
      sliceThickness: 10,
      pixelSpacing: [0.388672, 0.388672],
      imageOrientationPatient: [-1, 0, 0, 0, 1, 0],
      windowCenter: 49,
      windowWidth: 102,
      rescaleIntercept: -1024,
    });
  });

  it('reads the same values in every transfer syntax (explicit, implicit, big endian, compressed)', () => {
    const reference = header('dicom/dcm_qa_ts/1.dcm');
    for (const n of [2, 3, 4, 5, 6, 7, 8, 9]) {
      const h = header(`dicom/dcm_qa_ts/${n}.dcm`);
      expect(h.studyInstanceUid).toBe(reference.studyInstanceUid);
      expect(h.seriesInstanceUid).toBe(reference.seriesInstanceUid);
      expect(h.imagePositionPatient).toEqual(reference.imagePositionPatient);
      expect(h.pixelSpacing).toEqual(reference.pixelSpacing);
      expect([h.rows, h.columns, h.bitsStored, h.bitsAllocated]).toEqual([384, 384, 12, 16]);
    }
    const bigEndian = header('dicom/pydicom-data/emri_small_big_endian.dcm');
    expect(bigEndian).toEqual({
      ...header('dicom/pydicom-data/emri_small.dcm'),
      transferSyntaxUid: '1.2.840.10008.1.2.2',
    });
  });

  it('reads a tilted GE CT slice: oblique orientation, spacing, window', () => {
    expect(header('dicom/dcm_qa_ct/GE/01.dcm')).toMatchObject({
      imageOrientationPatient: [1, 0, 0, 0, 0.9483237, -0.3173047],
      pixelSpacing: [0.4882812, 0.4882812],
      sliceThickness: 4,
      windowCenter: 35,
      windowWidth: 100,
      seriesDescription: null,
      imageType: ['ORIGINAL', 'PRIMARY', 'AXIAL', 'ADD'],
    });
  });

  it('reads a PET slice with its SOP class and BQML rescale', () => {
    expect(header('dicom/suyashkumar-dicom/1.dcm')).toMatchObject({
      sopClassUid: '1.2.840.10008.5.1.4.1.1.128',
      modality: 'PT',
      rescaleType: 'BQML',
      rescaleSlope: 9.12329,
      patientName: 'ACRIN-FLT-Breast_029',
    });
  });

  it('recognises DICOMDIR and the Philips DIRFILE as directories without pixel data', () => {
    for (const path of [
      'dicom/pydicom/dicomdirtests/DICOMDIR',
      'dicom/dcm_qa_ct/Philips/S21570/S2010/DIRFILE',
    ]) {
      expect(header(path)).toMatchObject({ isDicomDir: true, hasPixelData: false });
    }
    expect(header('dicom/dcm_qa_ct/Philips/S21570/S2010/I10').isDicomDir).toBe(false);
  });
});

describe('readDicomHeader on unusual input', () => {
  it('reads a deflated file only with an inflater, with the same result everywhere without one', () => {
    const bytes = readTestFile('dicom/pydicom/image_dfl.dcm');
    expect(readDicomHeader(bytes, { inflateRaw })).toMatchObject({
      ok: true,
      header: { rows: 512, columns: 512 },
    });
    const without = readDicomHeader(bytes);
    expect(without.ok).toBe(false);
    expect(!without.ok && without.error).toMatch(/inflateRaw/);
  });

  it('reads a bare data set without preamble and meta header, implicit or explicit VR', () => {
    for (const path of ['dicom/dcm_qa_ts/2.dcm', 'dicom/pydicom/CT_small.dcm']) {
      const full = header(path);
      const result = readDicomHeader(withoutMetaHeader(readTestFile(path)));
      expect(result.ok, path).toBe(true);
      if (result.ok) {
        expect(result.header.seriesInstanceUid).toBe(full.seriesInstanceUid);
        expect(result.header.pixelSpacing).toEqual(full.pixelSpacing);
        expect(result.header.transferSyntaxUid).toBeNull();
      }
    }
  });

  it('gives an error result for a file cut inside its header', () => {
    const bytes = readTestFile('dicom/dcm_qa_ct/GE/01.dcm');
    for (const length of [100, 132, 140, 400, 1000, 1500]) {
      expect(readDicomHeader(bytes.slice(0, length)).ok, `${length} bytes`).toBe(false);
    }
  });

  it('reads the header of a file cut inside its pixel data (parsing stops before it)', () => {
    const bytes = readTestFile('dicom/dcm_qa_ct/GE/01.dcm');
    expect(readDicomHeader(bytes.slice(0, bytes.length - 1000))).toMatchObject({
      ok: true,
      header: { rows: 512 },
    });
  });

  it('gives an error result for an empty buffer and for random bytes', () => {
    expect(readDicomHeader(new Uint8Array(0))).toEqual({ ok: false, error: 'Empty file' });
    let seed = 42;
    for (let round = 0; round < 50; round++) {
      const random = new Uint8Array(2000).map(() => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed >> 16;
      });
      expect(readDicomHeader(random).ok).toBe(false);
      random.set(
        [...'DICM'].map((c) => c.charCodeAt(0)),
        128,
      );
      expect(readDicomHeader(random).ok).toBe(false);
    }
  });
});
