import { moveWithinAcquisition } from '@voxa/imaging';

/** A series of one acquisition code of one study, as its sort order needs it. */
export interface SortableSeries {
  id: number;
  sort: number;
  seriesNumber: number | null;
  acquisitionCode: string | null;
}

export interface SortChange {
  id: number;
  sort: number;
}

export type SortPlan = { ok: true; changes: SortChange[] } | { ok: false; error: string };

export const SORT_DUPLICATE_IDS = 'A series appears more than once.';
export const SORT_OUTSIDE_GROUP = 'Every series must be of this study and acquisition code.';
export const SORT_NOT_DISTINCT = 'The new sort values of an acquisition code must be distinct.';

/**
 * What PUT /studies-v2/change-sort-for-acquisition stores (section 4, sort within an acquisition code).
 * Changes that leave the group's sort values distinct are stored as sent: the page computes them with
 * moveWithinAcquisition. A single change that would not is a move: the series between the old and new
 * place shift by one, after duplicate values are renumbered from 1. Anything else is refused.
 */
export function planSortChange(group: SortableSeries[], requested: SortChange[]): SortPlan {
  const ids = new Set(requested.map((c) => c.id));
  if (ids.size !== requested.length) return { ok: false, error: SORT_DUPLICATE_IDS };
  const members = new Map(group.map((s) => [s.id, s]));
  if (requested.some((c) => !members.has(c.id))) return { ok: false, error: SORT_OUTSIDE_GROUP };
  const next = new Map(requested.map((c) => [c.id, c.sort]));
  const after = group.map((s) => next.get(s.id) ?? s.sort);
  if (new Set(after).size === after.length)
    return { ok: true, changes: requested.filter((c) => members.get(c.id)?.sort !== c.sort) };
  const [only] = requested;
  if (requested.length !== 1 || !only) return { ok: false, error: SORT_NOT_DISTINCT };
  const moved = moveWithinAcquisition(
    // The group shares one code; the rule only compares codes, so null stands as ''.
    group.map((s) => ({ ...s, id: String(s.id), acquisitionCode: s.acquisitionCode ?? '' })),
    String(only.id),
    only.sort,
  );
  return { ok: true, changes: moved.map((c) => ({ id: Number(c.id), sort: c.sort })) };
}
