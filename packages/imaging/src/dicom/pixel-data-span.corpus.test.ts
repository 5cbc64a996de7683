import { describe, expect, it } from 'vitest';
import { readTestFile } from '../../test/manifest';
import { pixelDataCutShort } from './pixel-data-span';

describe('pixelDataCutShort', () => {
  it('tells a file cut inside its pixel data from a whole one', () => {
    const bytes = readTestFile('dicom/dcm_qa_ct/GE/01.dcm');
    expect(pixelDataCutShort(bytes)).toBe(false);
    expect(pixelDataCutShort(bytes.subarray(0, bytes.length - 1))).toBe(true);
    expect(pixelDataCutShort(bytes.subarray(0, 300_000))).toBe(true);
  });

  it('knows nothing of what it cannot read', () => {
    expect(pixelDataCutShort(new Uint8Array(10))).toBe(false);
  });
});
