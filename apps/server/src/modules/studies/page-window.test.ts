import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('reads the first half from the start', () => {
    expect(pageWindow(1, 15, 100_000)).toEqual({ fromEnd: false, offset: 0, limit: 15 });
    expect(pageWindow(2, 15, 100)).toEqual({ fromEnd: false, offset: 15, limit: 15 });
  });

  it('reads the second half from the end, the last page first of all', () => {
    // 100,000 rows: the last page (6667) holds the 10 oldest.
    expect(pageWindow(6667, 15, 100_000)).toEqual({ fromEnd: true, offset: 0, limit: 10 });
    expect(pageWindow(6666, 15, 100_000)).toEqual({ fromEnd: true, offset: 10, limit: 15 });
    expect(pageWindow(2, 15, 17)).toEqual({ fromEnd: true, offset: 0, limit: 2 });
    expect(pageWindow(5000, 15, 100_000)).toEqual({ fromEnd: true, offset: 25_000, limit: 15 });
  });

  it('has nothing to read past the end', () => {
    expect(pageWindow(1, 15, 0)).toBeNull();
    expect(pageWindow(3, 15, 30)).toBeNull();
    expect(pageWindow(6668, 15, 100_000)).toBeNull();
  });
});
