import { describe, expect, it } from 'vitest';
import { convertedSeries, defaultSeries, seriesLabel } from './series';

const series = (uuid: string, status: string, ref?: true) => ({
  uuid,
  status,
  ...(ref && { ref_serie: ref }),
});

describe('defaultSeries', () => {
  it('is the reference series when converted', () => {
    expect(defaultSeries([series('a', 'done'), series('b', 'done', true)])?.uuid).toBe('b');
  });
  it('is else the first converted series', () => {
    expect(
      defaultSeries([series('a', 'error', true), series('b', 'converting'), series('c', 'done')])?.uuid,
    ).toBe('c');
  });
  it('is none when no series is converted', () => {
    expect(defaultSeries([series('a', 'uploaded')])).toBeUndefined();
    expect(convertedSeries([series('a', 'uploaded')])).toEqual([]);
  });
});

describe('seriesLabel', () => {
  it('names a series by number, acquisition, modality and whether it is the reference', () => {
    expect(
      seriesLabel({ series_number: 3, acquisition_code: 'ct-abd', modality_code: 'CT', ref_serie: true }),
    ).toBe('#3 ct-abd CT (reference)');
    expect(seriesLabel({ series_number: null, acquisition_code: null, modality_code: null })).toBe('Series');
  });
});
