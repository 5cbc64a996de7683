import { describe, expect, it } from 'vitest';
import { pageCount } from './ListPagination';

describe('pageCount', () => {
  it('counts pages from the server’s page size, at least one', () => {
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(15, 15)).toBe(1);
    expect(pageCount(16, 15)).toBe(2);
    expect(pageCount(31, 30)).toBe(2);
    expect(pageCount(5, 0)).toBe(5);
  });
});
