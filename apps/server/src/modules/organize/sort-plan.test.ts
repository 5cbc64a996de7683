import { describe, expect, it } from 'vitest';
import {
  planSortChange,
  SORT_DUPLICATE_IDS,
  SORT_NOT_DISTINCT,
  SORT_OUTSIDE_GROUP,
  type SortableSeries,
} from './sort-plan';

const group = (sorts: number[]): SortableSeries[] =>
  sorts.map((sort, i) => ({ id: i + 1, sort, seriesNumber: i + 1, acquisitionCode: 'AR' }));

describe('planSortChange', () => {
  it('stores a full set of changes that keeps the sorts distinct, leaving out the unchanged', () => {
    const plan = planSortChange(group([1, 2, 3]), [
      { id: 1, sort: 3 },
      { id: 2, sort: 1 },
      { id: 3, sort: 2 },
    ]);
    expect(plan).toEqual({
      ok: true,
      changes: [
        { id: 1, sort: 3 },
        { id: 2, sort: 1 },
        { id: 3, sort: 2 },
      ],
    });
    expect(planSortChange(group([1, 2]), [{ id: 1, sort: 1 }])).toEqual({ ok: true, changes: [] });
  });

  it('takes one change onto a taken place as a move: the series between shift by one', () => {
    expect(planSortChange(group([1, 2, 3, 4]), [{ id: 1, sort: 3 }])).toEqual({
      ok: true,
      changes: [
        { id: 1, sort: 3 },
        { id: 2, sort: 1 },
        { id: 3, sort: 2 },
      ],
    });
    expect(planSortChange(group([1, 2, 3, 4]), [{ id: 4, sort: 2 }])).toEqual({
      ok: true,
      changes: [
        { id: 2, sort: 3 },
        { id: 3, sort: 4 },
        { id: 4, sort: 2 },
      ],
    });
  });

  it('renumbers duplicate sorts from 1 before a move', () => {
    // Sorts 0, 0, 0 in series-number order become 1, 2, 3; then series 3 moves to 1.
    expect(planSortChange(group([0, 0, 0]), [{ id: 3, sort: 1 }])).toEqual({
      ok: true,
      changes: [
        { id: 1, sort: 2 },
        { id: 2, sort: 3 },
        { id: 3, sort: 1 },
      ],
    });
  });

  it('refuses repeated ids, series outside the group, and several changes that collide', () => {
    const three = group([1, 2, 3]);
    expect(
      planSortChange(three, [
        { id: 1, sort: 2 },
        { id: 1, sort: 3 },
      ]),
    ).toEqual({
      ok: false,
      error: SORT_DUPLICATE_IDS,
    });
    expect(planSortChange(three, [{ id: 9, sort: 1 }])).toEqual({ ok: false, error: SORT_OUTSIDE_GROUP });
    expect(
      planSortChange(three, [
        { id: 1, sort: 3 },
        { id: 2, sort: 3 },
      ]),
    ).toEqual({
      ok: false,
      error: SORT_NOT_DISTINCT,
    });
  });
});
