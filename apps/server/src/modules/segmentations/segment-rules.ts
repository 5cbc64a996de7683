import { SEGMENT_PALETTE, SEGMENT_VALUE_MAX } from '@voxa/contracts';
import { distinctColour } from '@voxa/imaging';

/** What a new segment's defaults are read from: every segment the segmentation ever had. */
export interface ExistingSegment {
  sort: number;
  deleted: boolean;
  color: string;
}

/**
 * The next segment (teams-and-account.md 5): title 'Part N' with N the highest sort plus 1, value = sort.
 * Soft-deleted segments count too, so a value is never given twice: an earlier mask revision may still
 * hold the old one's voxels. Its colour (docs/decisions/0098): the palette's, cycled by the number of
 * segments, for the first 13; past the palette, or when the palette's colour is one a live segment has,
 * one apart from every live segment's.
 */
export function nextSegment(existing: readonly ExistingSegment[]): {
  sort: number;
  value: number;
  title: string;
  color: string;
} {
  const sort = existing.reduce((max, s) => Math.max(max, s.sort), 0) + 1;
  if (sort > SEGMENT_VALUE_MAX) throw new RangeError(`A mask holds label values up to ${SEGMENT_VALUE_MAX}.`);
  const live = existing.filter((s) => !s.deleted).map((s) => s.color);
  const color = distinctColour(live, SEGMENT_PALETTE[existing.length]);
  return { sort, value: sort, title: `Part ${sort}`, color };
}

/** The mask's voxel type: uint8 while every label value fits, else uint16. */
export function maskDatatype(values: readonly number[]): 'uint8' | 'uint16' {
  return values.some((v) => v > 255) ? 'uint16' : 'uint8';
}

/**
 * The label value of each segment of an imported DICOM SEG (docs/decisions/0067), by segment number. A SEG
 * numbers its segments 1..n and names them; a value is meaning (a structure's class), so a segment named
 * like a class of the structure takes that class's value, and the others their segment number, else the
 * next value above every one given. Null when the values would pass what a mask holds.
 */
export function segValues(
  segments: readonly { number: number; label: string }[],
  classValues: ReadonlyMap<string, number>,
): Map<number, number> | null {
  const values = new Map<number, number>();
  const used = new Set<number>();
  for (const s of segments) {
    const value = classValues.get(s.label.trim().toLowerCase());
    if (value !== undefined && !used.has(value)) {
      values.set(s.number, value);
      used.add(value);
    }
  }
  let next = Math.max(0, ...used, ...segments.map((s) => s.number)) + 1;
  for (const s of segments) {
    if (values.has(s.number)) continue;
    const value = used.has(s.number) ? next++ : s.number;
    values.set(s.number, value);
    used.add(value);
  }
  return [...used].every((v) => v >= 1 && v <= SEGMENT_VALUE_MAX) ? values : null;
}
