import type { UploadSeries } from '../upload-model';

type SortableSeries = Pick<UploadSeries, 'id' | 'sort' | 'seriesNumber' | 'acquisitionCode'>;

/** One row of PUT /studies-v2/change-sort-for-acquisition. */
export interface SortChange {
  id: string;
  sort: number;
}

/** Current order: sort, then series number (missing last), then id, so renumbering is stable. */
function compareOrder(a: SortableSeries, b: SortableSeries): number {
  const byNumber = (a.seriesNumber ?? Infinity) - (b.seriesNumber ?? Infinity);
  return a.sort - b.sort || (Number.isNaN(byNumber) ? 0 : byNumber) || a.id.localeCompare(b.id);
}

function hasDuplicateSort(series: SortableSeries[]): boolean {
  return new Set(series.map((s) => s.sort)).size !== series.length;
}

/** When two series share a sort value, the whole list is renumbered 1..n in its current order. */
export function renumberSort<T extends SortableSeries>(series: T[]): T[] {
  if (!hasDuplicateSort(series)) return series;
  const order = [...series].sort(compareOrder);
  return series.map((s) => ({ ...s, sort: order.indexOf(s) + 1 }));
}

/**
 * Moves a series to sort value newPosition among the series of its acquisition code; those between
 * the old and new position shift by one toward the gap. newPosition is clamped to the group's range.
 * Returns every changed sort, including any renumbering of duplicates, for the server call.
 */
export function moveWithinAcquisition(
  series: SortableSeries[],
  seriesId: string,
  newPosition: number,
): SortChange[] {
  const moving = series.find((s) => s.id === seriesId);
  if (!moving) return [];
  const group = renumberSort(series.filter((s) => s.acquisitionCode === moving.acquisitionCode));
  const sorts = group.map((s) => s.sort);
  const target = Math.min(Math.max(Math.round(newPosition), Math.min(...sorts)), Math.max(...sorts));
  const from = group.find((s) => s.id === seriesId)?.sort ?? moving.sort;
  const originalSort = new Map(series.map((s) => [s.id, s.sort]));
  const changes: SortChange[] = [];
  for (const s of group) {
    const sort = shiftedSort(s.sort, s.id === seriesId, from, target);
    if (sort !== originalSort.get(s.id)) changes.push({ id: s.id, sort });
  }
  return changes;
}

function shiftedSort(sort: number, isMoving: boolean, from: number, to: number): number {
  if (isMoving) return to;
  if (from < to && sort > from && sort <= to) return sort - 1;
  if (to < from && sort >= to && sort < from) return sort + 1;
  return sort;
}

/** Applies server-bound changes to the local list. */
export function applySortChanges<T extends Pick<UploadSeries, 'id' | 'sort'>>(
  series: T[],
  changes: SortChange[],
): T[] {
  const next = new Map(changes.map((c) => [c.id, c.sort]));
  return series.map((s) => (next.has(s.id) ? { ...s, sort: next.get(s.id) ?? s.sort } : s));
}
