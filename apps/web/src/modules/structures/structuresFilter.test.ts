import { describe, expect, it } from 'vitest';
import { structuresFilterFrom, structuresSearch } from './structuresFilter';

const read = (search: string) => structuresFilterFrom(new URLSearchParams(search));

describe('structures filter', () => {
  it('reads the search text and the category from the address', () => {
    expect(read('')).toEqual({});
    expect(read('?search=%20kidney%20&category=abdomen')).toEqual({ search: 'kidney', category: 'abdomen' });
  });

  it('leaves out a blank search and a category that is no slug', () => {
    expect(read('?search=%20%20&category=Not%20A%20Slug')).toEqual({});
    expect(read(`?search=${'x'.repeat(150)}`).search).toHaveLength(100);
  });

  it('writes the address back, empty parts left out', () => {
    expect(structuresSearch({})).toBe('');
    expect(structuresSearch({ search: ' ' })).toBe('');
    expect(structuresSearch({ search: 'L5 vertebra', category: 'spine' })).toBe(
      '?search=L5+vertebra&category=spine',
    );
    expect(structuresSearch(read('?category=chest'))).toBe('?category=chest');
  });
});
