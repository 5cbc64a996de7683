import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDicomHeader } from '../dicom/read-header';
import { readNiftiHeader } from '../nifti/read-header';
import type { DicomEntry } from '../group/series';
import type { NiftiEntry } from './studies';
import { studiesFromHeaders } from './studies';
import { TESTDATA_DIR as testdata } from '../../test/manifest';

function dicomEntries(folder: string): DicomEntry[] {
  return readdirSync(path.join(testdata, folder)).flatMap((name) => {
    const bytes = readFileSync(path.join(testdata, folder, name));
    const result = readDicomHeader(bytes);
    return result.ok ? [{ file: { name, size: bytes.length }, header: result.header }] : [];
  });
}

function niftiEntry(relative: string): NiftiEntry {
  const bytes = readFileSync(path.join(testdata, relative));
  const result = readNiftiHeader(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  if (!result.ok) throw new Error(result.error);
  return { file: { name: path.basename(relative), size: bytes.length }, header: result.header };
}

describe('studiesFromHeaders', () => {
  it('puts DICOM studies first, then one Unknown Patient study per NIfTI file', () => {
    const { studies } = studiesFromHeaders(dicomEntries('dicom/dcm_qa_ct/GE'), [
      niftiEntry('nifti/nibabel/anatomical.nii'),
    ]);
    expect(studies.map((s) => s.patientName).at(-1)).toBe('Unknown Patient');
    expect(studies).toHaveLength(2);
    const ct = studies[0]?.series.find((s) => s.seriesNumber === 2);
    expect(ct?.cnt).toBe(28);
    expect(studies[1]?.series[0]?.cnt).toBe(25);
  });
  it('gives no study for no headers', () => {
    expect(studiesFromHeaders([], [])).toEqual({ studies: [], skipped: [] });
  });
});
