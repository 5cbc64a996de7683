import { describe, expect, it } from 'vitest';
import { applySortChanges, moveWithinAcquisition, renumberSort } from './sort';
import { makeSeries } from './test-fixtures';

const s = (id: string, sort: number, acquisitionCode = 'AR', seriesNumber: number | null = null) =>
  makeSeries({ id, sort, acquisitionCode, seriesNumber });

describe('renumberSort', () => {
  it('leaves distinct sort values alone', () => {
    const series = [s('a', 3), s('b', 7)];
    expect(renumberSort(series)).toBe(series);
  });

  it('renumbers from 1 by sort, then series number, then id', () => {
    const series = [s('c', 2, 'AR', 5), s('b', 2, 'AR', 3), s('a', 1), s('e', 2), s('d', 2)];
    expect(renumberSort(series).map((x) => [x.id, x.sort])).toEqual([
      ['c', 3],
      ['b', 2],
      ['a', 1],
      ['e', 5],
      ['d', 4],
    ]);
    expect(series[0]?.sort).toBe(2);
  });
});

describe('moveWithinAcquisition', () => {
  const series = [s('a', 1), s('b', 2), s('c', 3), s('d', 4), s('v', 1, 'VEN')];

  it('moving down shifts the ones in between up', () => {
    expect(moveWithinAcquisition(series, 'a', 3)).toEqual([
      { id: 'a', sort: 3 },
      { id: 'b', sort: 1 },
      { id: 'c', sort: 2 },
    ]);
  });

  it('moving up shifts the ones in between down', () => {
    expect(moveWithinAcquisition(series, 'd', 2)).toEqual([
      { id: 'b', sort: 3 },
      { id: 'c', sort: 4 },
      { id: 'd', sort: 2 },
    ]);
  });

  it('only touches the same acquisition code and clamps the position', () => {
    const changes = moveWithinAcquisition(series, 'a', 99);
    expect(changes.map((c) => c.id)).not.toContain('v');
    expect(changes).toContainEqual({ id: 'a', sort: 4 });
    expect(moveWithinAcquisition(series, 'v', 3)).toEqual([]);
  });

  it('renumbers duplicates first and reports those changes too', () => {
    const dup = [s('a', 5), s('b', 5), s('c', 9)];
    expect(moveWithinAcquisition(dup, 'c', 1)).toEqual([
      { id: 'a', sort: 2 },
      { id: 'b', sort: 3 },
      { id: 'c', sort: 1 },
    ]);
  });

  it('returns nothing for an unknown series or a move to the same place', () => {
    expect(moveWithinAcquisition(series, 'zz', 1)).toEqual([]);
    expect(moveWithinAcquisition(series, 'b', 2)).toEqual([]);
  });

  it('applySortChanges updates the local list', () => {
    const applied = applySortChanges(series, moveWithinAcquisition(series, 'a', 2));
    expect(applied.map((x) => [x.id, x.sort])).toEqual([
      ['a', 2],
      ['b', 1],
      ['c', 3],
      ['d', 4],
      ['v', 1],
    ]);
  });
});
