import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  lockedValues,
  parsePreferences,
  preferencesKey,
  toggleLock,
} from './preferences';

describe('annotator preferences', () => {
  it('are kept per user under annotator-preferences:{user id}', () => {
    expect(preferencesKey(42)).toBe('annotator-preferences:42');
  });

  it('default to the radiological convention, overwrite off and nothing locked', () => {
    expect(parsePreferences(null)).toEqual({ radiological: true, overwrite: false, lockedSegments: [] });
    expect(parsePreferences('not json')).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences('[1,2]')).toEqual(DEFAULT_PREFERENCES);
  });

  it('read what was stored, a broken field as its default', () => {
    const stored = JSON.stringify({ radiological: false, overwrite: true, lockedSegments: [3, 3, 9] });
    expect(parsePreferences(stored)).toEqual({
      radiological: false,
      overwrite: true,
      lockedSegments: [3, 9],
    });
    const broken = JSON.stringify({ radiological: 'no', lockedSegments: [1.5, -2, 'x', 7] });
    expect(parsePreferences(broken)).toEqual({ ...DEFAULT_PREFERENCES, lockedSegments: [7] });
  });

  it('lock and unlock a segment by id, and give the locked label values of a segmentation', () => {
    const locked = toggleLock(toggleLock(DEFAULT_PREFERENCES, 11), 12);
    expect(locked.lockedSegments).toEqual([11, 12]);
    expect(toggleLock(locked, 11).lockedSegments).toEqual([12]);
    const segments = [
      { id: 11, value: 1 },
      { id: 13, value: 2 },
      { id: 12, value: 5 },
    ];
    expect(lockedValues(locked, segments)).toEqual([1, 5]);
  });
});
