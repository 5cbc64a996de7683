import type { Segment } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { segmentRows, seriesLabel } from './segmentRows';

const segment = (id: number, sort: number, deleted = false): Segment => ({
  id,
  sort,
  title: `Part ${sort}`,
  segmentation_id: 1,
  color: '#e6194b',
  value: sort,
  visible: true,
  revision: 0,
  obj_revision: 0,
  obj_valid: false,
  obj_in_progress: false,
  deleted_at: deleted ? '2026-01-01T00:00:00.000Z' : null,
});

describe('segment rows', () => {
  it('puts deleted segments back where their value was', () => {
    const rows = segmentRows([segment(1, 1), segment(3, 3)], [segment(2, 2, true)]);
    expect(rows.map((s) => [s.value, s.deleted_at !== null])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
  });
});

describe('series label', () => {
  it('names a series by number and description, whichever it has', () => {
    expect(seriesLabel({ series_number: 4, series_description: 'Portal venous' })).toBe('#4 Portal venous');
    expect(seriesLabel({ series_number: 4, series_description: ' ' })).toBe('#4');
    expect(seriesLabel({ series_number: null, series_description: 'Arterial' })).toBe('Arterial');
    expect(seriesLabel({ series_number: null, series_description: null })).toBe('—');
  });
});
