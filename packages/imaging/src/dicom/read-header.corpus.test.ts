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
    expect(h.modality).toBe(row.modality === '' ? null : row.modality);
    expect(h.seriesNumber).toBe(expectedSeriesNumber(row));
    expect(h.numberOfFrames).toBe(row.numberOfFrames === '' ? 1 : Number(row.numberOfFrames));
    expect(h.rows === null ? '' : `${h.rows}x${h.columns}`).toBe(row.rowsXCols);
    expect(h.hasPixelData).toBe(row.pixelData === 'yes');
    expect(h.isDicomDir).toBe(row.sopClass === 'Media Storage Directory Storage');
  });
});
