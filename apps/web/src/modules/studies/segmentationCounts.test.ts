import { describe, expect, it } from 'vitest';
import { segmentationSummary } from './segmentationCounts';

const seg = (id: number, item_count: number) => ({
  id,
  parent_id: null,
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  item_count,
});

describe('segmentationSummary', () => {
  it('counts segmentations and their segments', () => {
    expect(segmentationSummary([])).toBe('None');
    expect(segmentationSummary([seg(1, 1)])).toBe('1 segmentation · 1 segment');
    expect(segmentationSummary([seg(1, 3), seg(2, 4)])).toBe('2 segmentations · 7 segments');
  });
});
