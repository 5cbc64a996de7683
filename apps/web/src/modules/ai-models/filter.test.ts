import { describe, expect, it } from 'vitest';
import { filterFrom, filterSearch } from './filter';
import { v2PathOf } from './paths';

describe('AI models filter', () => {
  it('reads search, modality and runtime, leaving out what the API refuses', () => {
    expect(filterFrom(new URLSearchParams('search=+liver+&modality=mr&runtime=onnx'))).toEqual({
      search: 'liver',
      modality: 'MR',
      runtime: 'onnx',
    });
    expect(filterFrom(new URLSearchParams('modality=C%20T&runtime=gpu&search=%20'))).toEqual({});
  });

  it('writes the address back', () => {
    expect(filterSearch({ search: 'a b', runtime: 'external' })).toBe('?search=a+b&runtime=external');
    expect(filterSearch({})).toBe('');
  });
});

describe('v1 model pages', () => {
  it('land on the v2 pages, the detail keeping its id', () => {
    const at = (path: string, search = '') => v2PathOf(path, new URLSearchParams(search));
    expect(at('/models')).toBe('/ai2-model');
    expect(at('/models/create')).toBe('/ai2-model/create');
    expect(at('/models/create_old/')).toBe('/ai2-model/create');
    expect(at('/models/detail', 'id=12')).toBe('/ai2-model/12');
    expect(at('/models/detail', 'id=x')).toBe('/ai2-model');
  });
});
