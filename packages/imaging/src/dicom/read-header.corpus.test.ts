import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readManifest, readTestFile, type ManifestRow } from '../../test/manifest';
import type { DicomHeader } from '../types';
import { readDicomHeader } from './read-header';

const dicomRows = readManifest().filter((row) => row.kind === 'dicom');
const inflateRaw = (bytes: Uint8Array) => new Uint8Array(inflateRawSync(bytes));

function header(path: string): DicomHeader {
  const result = readDicomHeader(readTestFile(path), { inflateRaw });
  if (!result.ok) throw new Error(`${path}: ${result.error}`);
  return result.header;
}

/** SOP class names as MANIFEST.tsv writes them, with their UIDs (PS3.4 Annex B). */
const SOP_CLASS_UID: Record<string, string> = {
  '12-lead ECG Waveform Storage': '1.2.840.10008.5.1.4.1.1.9.1.1',
  'Basic Text SR Storage': '1.2.840.10008.5.1.4.1.1.88.11',
  'CT Image Storage': '1.2.840.10008.5.1.4.1.1.2',
  'Comprehensive SR Storage': '1.2.840.10008.5.1.4.1.1.88.33',
  'Computed Radiography Image Storage': '1.2.840.10008.5.1.4.1.1.1',
  'Enhanced CT Image Storage': '1.2.840.10008.5.1.4.1.1.2.1',
  'Enhanced MR Image Storage': '1.2.840.10008.5.1.4.1.1.4.1',
  'Enhanced SR Storage': '1.2.840.10008.5.1.4.1.1.88.22',
  'Grayscale Softcopy Presentation State Storage': '1.2.840.10008.5.1.4.1.1.11.1',
  'MR Image Storage': '1.2.840.10008.5.1.4.1.1.4',
  'Media Storage Directory Storage': '1.2.840.10008.1.3.10',
  'Nuclear Medicine Image Storage': '1.2.840.10008.5.1.4.1.1.20',
  'Positron Emission Tomography Image Storage': '1.2.840.10008.5.1.4.1.1.128',
  'RT Plan Storage': '1.2.840.10008.5.1.4.1.1.481.5',
  'Secondary Capture Image Storage': '1.2.840.10008.5.1.4.1.1.7',
  'Segmentation Storage': '1.2.840.10008.5.1.4.1.1.66.4',
  'Ultrasound Image Storage': '1.2.840.10008.5.1.4.1.1.6.1',
  'Ultrasound Multi-frame Image Storage': '1.2.840.10008.5.1.4.1.1.3.1',
  'X-Ray Angiographic Image Storage': '1.2.840.10008.5.1.4.1.1.12.1',
};

/** MANIFEST writes an absent series number as empty and an empty one as None. */
const expectedSeriesNumber = (row: ManifestRow) =>
  row.seriesNumber === '' || row.seriesNumber === 'None' ? null : Number(row.seriesNumber);

describe('readDicomHeader on every DICOM file of the corpus', () => {
  it('covers the whole manifest', () => {
    expect(dicomRows).toHaveLength(774);
  });

  it.each(dicomRows.map((row) => [row.path, row] as const))('%s', (path, row) => {
    const h = header(path);
    expect(h.transferSyntaxUid).toBe(row.transferSyntaxUid);
    expect(h.sopClassUid).toBe(SOP_CLASS_UID[row.sopClass]);
    expect(h.modality).toBe(row.modality === '' ? null : row.modality);
    expect(h.seriesNumber).toBe(expectedSeriesNumber(row));
    expect(h.numberOfFrames).toBe(row.numberOfFrames === '' ? 1 : Number(row.numberOfFrames));
    expect(h.rows === null ? '' : `${h.rows}x${h.columns}`).toBe(row.rowsXCols);
    expect(h.hasPixelData).toBe(row.pixelData === 'yes');
    expect(h.isDicomDir).toBe(row.sopClass === 'Media Storage Directory Storage');
  });
});
