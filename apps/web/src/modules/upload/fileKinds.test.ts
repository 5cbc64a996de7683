import { describe, expect, it } from 'vitest';
import { KIND_LABELS, filterByKind } from './fileKinds';

describe('filterByKind', () => {
  const files = [{ kind: 'dcm' as const }, { kind: 'nii' as const }, { kind: 'dcm' as const }];
  it('keeps every file without a filter', () => {
    expect(filterByKind(files, null)).toHaveLength(3);
  });
  it('keeps the files of the chosen kind', () => {
    expect(filterByKind(files, 'dcm')).toHaveLength(2);
    expect(filterByKind(files, 'duplicate')).toEqual([]);
  });
  it('has one counter per kind', () => {
    expect(KIND_LABELS.map((k) => k.kind)).toEqual(['dcm', 'nii', 'compressed', 'unsupported', 'duplicate']);
  });
});
