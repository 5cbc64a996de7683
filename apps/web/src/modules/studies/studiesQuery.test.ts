import { describe, expect, it } from 'vitest';
import { studiesQueryFrom, studiesSearch } from './studiesQuery';

const read = (search: string) => studiesQueryFrom(new URLSearchParams(search));

describe('studies list query', () => {
  it('reads the page and the two filters from the address', () => {
    expect(read('')).toEqual({ page: 1 });
    expect(read('?page=3&bupload_id=7&filter_id=12')).toEqual({ page: 3, bupload_id: 7, filter_id: 12 });
  });

  it('leaves out what is not a positive whole number', () => {
    expect(read('?page=0&bupload_id=-1&filter_id=x')).toEqual({ page: 1 });
    expect(read('?page=2.5&bupload_id=1e3')).toEqual({ page: 1 });
  });

  it('writes the address back, page 1 left out', () => {
    expect(studiesSearch({ page: 1 })).toBe('');
    expect(studiesSearch({ page: 2, filter_id: 4 })).toBe('?page=2&filter_id=4');
    expect(studiesSearch(read('?bupload_id=9&page=1'))).toBe('?bupload_id=9');
  });
});
