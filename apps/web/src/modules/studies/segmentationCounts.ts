import type { StudyListItem } from '@voxa/contracts';

/** '2 segmentations · 7 segments' for a list row; 'None' before any exists. */
export function segmentationSummary(segmentations: StudyListItem['segmentations']): string {
  if (segmentations.length === 0) return 'None';
  const items = segmentations.reduce((sum, s) => sum + s.item_count, 0);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(segmentations.length, 'segmentation')} · ${plural(items, 'segment')}`;
}
