import type { DicomDataset } from 'dcmjs';
import { describe, expect, it } from 'vitest';
import { integerOf, textOf, toDicomJson } from './dicom-json';

describe('toDicomJson', () => {
  const dict: DicomDataset = {
    '00100010': { vr: 'PN', Value: [{ Alphabetic: 'DOE^JANE' }] },
    '00080020': { vr: 'DA', Value: [''] },
    '00200013': { vr: 'IS', Value: [7] },
    '00091001': { vr: 'OB', Value: [new Uint8Array([1, 2, 3]).buffer] },
    '00082112': { vr: 'SQ', Value: [{ '00081155': { vr: 'UI', Value: ['1.2.3'] } }] },
    '7FE00010': { vr: 'OW', Value: [new ArrayBuffer(8)] },
  };

  it('keeps values, drops empty ones, inlines binary values and recurses into sequences', () => {
    const json = toDicomJson(dict);
    expect(json['00100010']).toEqual({ vr: 'PN', Value: [{ Alphabetic: 'DOE^JANE' }] });
    expect(json['00080020']).toEqual({ vr: 'DA' });
    expect(json['00200013']).toEqual({ vr: 'IS', Value: [7] });
    expect(json['00091001']).toEqual({ vr: 'OB', InlineBinary: 'AQID' });
    expect(json['00082112']).toEqual({ vr: 'SQ', Value: [{ '00081155': { vr: 'UI', Value: ['1.2.3'] } }] });
  });

  it('gives the pixel data as a bulk data URI, or leaves it out', () => {
    expect(toDicomJson(dict, 'http://x/frames/1')['7FE00010']).toEqual({
      vr: 'OW',
      BulkDataURI: 'http://x/frames/1',
    });
    expect(toDicomJson(dict)['7FE00010']).toBeUndefined();
  });
});

describe('textOf and integerOf', () => {
  it('read a person name by its alphabetic group, and integers, empty or null when absent', () => {
    const json = toDicomJson({
      '00100010': { vr: 'PN', Value: [{ Alphabetic: 'DOE^JANE' }] },
      '00200011': { vr: 'IS', Value: ['12'] },
    });
    expect(textOf(json, '00100010')).toBe('DOE^JANE');
    expect(integerOf(json, '00200011')).toBe(12);
    expect(textOf(json, '00080020')).toBe('');
    expect(integerOf(json, '00200013')).toBeNull();
  });
});
