import { describe, expect, it } from 'vitest';
import { pageCount, studiesQueryFrom, studiesSearch } from './studiesQuery';

describe('studies query', () => {
  it('reads page and filters from the address, leaving out what is not a positive number', () => {
    expect(studiesQueryFrom(new URLSearchParams('page=3&bupload_id=7&filter_id=2'))).toEqual({
      page: 3,
      bupload_id: 7,
      filter_id: 2,
    });
    expect(studiesQueryFrom(new URLSearchParams('page=0&bupload_id=x&filter_id=-1'))).toEqual({ page: 1 });
    expect(studiesQueryFrom(new URLSearchParams('page=99999999999'))).toEqual({ page: 1 });
  });

  it('writes an address without page 1 or absent filters', () => {
    expect(studiesSearch({ page: 1 }).toString()).toBe('');
    expect(studiesSearch({ page: 2, filter_id: 5 }).toString()).toBe('page=2&filter_id=5');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(15, 15)).toBe(1);
    expect(pageCount(16, 15)).toBe(2);
  });
});
