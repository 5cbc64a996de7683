import { describe, expect, it } from 'vitest';
import { deselectedNote, isSelectable, startsDeselected, STARTS_DESELECTED_NOTE } from './selection';

describe('isSelectable', () => {
  it('needs a valid series in preview with no recognition running', () => {
    expect(isSelectable({ valid: true }, 'preview', false)).toBe(true);
    expect(isSelectable({ valid: false }, 'preview', false)).toBe(false);
    expect(isSelectable({ valid: true }, 'preview', true)).toBe(false);
    expect(isSelectable({ valid: true }, 'ready', false)).toBe(false);
    expect(isSelectable({ valid: true }, 'converting', false)).toBe(false);
  });
});

describe('startsDeselected', () => {
  it.each([1, 2, 5])('deselects %i single-frame images', (cnt) => {
    expect(startsDeselected({ cnt, numberOfFrames: 1 })).toBe(true);
  });

  it('keeps 6 or more images, multi-frame series, and empty series', () => {
    expect(startsDeselected({ cnt: 6, numberOfFrames: 1 })).toBe(false);
    expect(startsDeselected({ cnt: 1, numberOfFrames: 12 })).toBe(false);
    expect(startsDeselected({ cnt: 0, numberOfFrames: 1 })).toBe(false);
  });
});

describe('deselectedNote', () => {
  const small = { cnt: 2, numberOfFrames: 1, valid: true };
  it('explains a small series left out by default until it is ticked', () => {
    expect(deselectedNote({ ...small, isSelected: false })).toBe(STARTS_DESELECTED_NOTE);
    expect(deselectedNote({ ...small, isSelected: true })).toBeNull();
  });

  it('says nothing of a series the rule keeps, or one that cannot be uploaded', () => {
    expect(deselectedNote({ cnt: 40, numberOfFrames: 1, valid: true, isSelected: false })).toBeNull();
    expect(deselectedNote({ ...small, valid: false, isSelected: false })).toBeNull();
  });
});
