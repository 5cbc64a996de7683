import { describe, expect, it } from 'vitest';
import { segmentationsApiQuery, segmentationsQueryFrom, segmentationsSearch } from './segmentationsQuery';

const read = (search: string) => segmentationsQueryFrom(new URLSearchParams(search));

describe('segmentations page query', () => {
  it('reads the page, the structure and the assignment filter', () => {
    expect(read('')).toEqual({ page: 1 });
    expect(read('?page=2&structure=liver&assigned=1')).toEqual({
      page: 2,
      structure: 'liver',
      assigned: true,
    });
  });

  it('leaves out malformed values', () => {
    expect(read('?page=0&structure=Not%20a%20slug&assigned=yes')).toEqual({ page: 1 });
    expect(read('?page=-3&assigned=0')).toEqual({ page: 1 });
  });

  it('writes the address back, page 1 and empty filters left out', () => {
    expect(segmentationsSearch({ page: 1 })).toBe('');
    expect(segmentationsSearch({ page: 1, assigned: false })).toBe('');
    expect(segmentationsSearch({ page: 3, structure: 'kidney_left', assigned: true })).toBe(
      '?page=3&structure=kidney_left&assigned=1',
    );
  });

  it('asks the API for assigned only when the filter is on', () => {
    expect(segmentationsApiQuery({ page: 1, assigned: false })).toEqual({ page: 1 });
    expect(segmentationsApiQuery({ page: 2, structure: 'liver', assigned: true })).toEqual({
      page: 2,
      structure: 'liver',
      assigned: true,
    });
  });
});
