import { describe, expect, it } from 'vitest';
import { readCorpusFile } from '../../../test/corpus';
import { blankNiftiText } from './nifti';

const text = (bytes: Uint8Array, from: number, length: number) =>
  Buffer.from(bytes.subarray(from, from + length))
    .toString('latin1')
    .replace(/\0+$/, '');

describe('blankNiftiText', () => {
  it('empties descrip, aux_file and intent_name and leaves the rest as it was', () => {
    const original = readCorpusFile('reference/dcm_qa_ts/1.nii').slice();
    original.set(new TextEncoder().encode('DOE^JANE PID-778899'), 148);
    original.set(new TextEncoder().encode('DOE'), 228);
    const blanked = blankNiftiText(original);
    expect(text(blanked, 148, 80)).toBe('');
    expect(text(blanked, 228, 24)).toBe('');
    expect(text(blanked, 328, 16)).toBe('');
    expect(Buffer.from(blanked.subarray(352)).equals(Buffer.from(original.subarray(352)))).toBe(true);
    expect(Buffer.from(blanked.subarray(0, 148)).equals(Buffer.from(original.subarray(0, 148)))).toBe(true);
  });

  it('leaves what is not a NIfTI header unchanged', () => {
    const bytes = new Uint8Array(400).fill(7);
    expect(blankNiftiText(bytes)).toEqual(bytes);
  });
});
