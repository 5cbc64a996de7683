import type { Label } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { filterLabels, offersNewLabel } from './labelSearch';

const LABELS: Label[] = [
  { id: 1, name: 'Liver cohort', color: '#0043de' },
  { id: 2, name: 'Follow-up', color: '#e03131' },
];

describe('label search', () => {
  it('filters by name, ignoring case and surrounding spaces', () => {
    expect(filterLabels(LABELS, ' LIVER ').map((l) => l.id)).toEqual([1]);
    expect(filterLabels(LABELS, 'o').map((l) => l.id)).toEqual([1, 2]);
    expect(filterLabels(LABELS, '')).toEqual(LABELS);
  });

  it('offers a new label only when a search finds nothing', () => {
    expect(offersNewLabel(LABELS, 'Kidney')).toBe(true);
    expect(offersNewLabel(LABELS, 'follow')).toBe(false);
    expect(offersNewLabel(LABELS, '   ')).toBe(false);
  });
});
