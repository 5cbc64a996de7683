import type { Segment, SegmentationListItem } from '@voxa/contracts';

/** Every segment of a segmentation in the mask's order (sort), deleted ones among them where they were. */
export function segmentRows(live: readonly Segment[], deleted: readonly Segment[]): Segment[] {
  return [...live, ...deleted].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** A series as a row names it: '#4 Portal venous', '#4', 'Portal venous' or '—'. */
export function seriesLabel(
  item: Pick<SegmentationListItem, 'series_number' | 'series_description'>,
): string {
  const parts = [
    item.series_number === null ? null : `#${item.series_number}`,
    item.series_description?.trim() || null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' ') : '—';
}
