import { describe, expect, it } from 'vitest';
import { filterFrom, filterSearch } from './filter';

describe('transfer functions filter', () => {
  it('reads kind and modality from the address, upper-casing the modality', () => {
    expect(filterFrom(new URLSearchParams('kind=colormap&modality=mr'))).toEqual({
      kind: 'colormap',
      modality: 'MR',
    });
  });

  it('leaves out values the API would refuse', () => {
    expect(filterFrom(new URLSearchParams('kind=lut&modality=C%20T'))).toEqual({});
  });

  it('writes the address back, empty for no filter', () => {
    expect(filterSearch({ kind: 'window', modality: 'CT' })).toBe('?kind=window&modality=CT');
    expect(filterSearch({})).toBe('');
  });
});
