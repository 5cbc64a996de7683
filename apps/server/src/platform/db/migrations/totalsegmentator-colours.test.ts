import { colourDistance, SAME_COLOUR_DISTANCE } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { TOTALSEGMENTATOR_CLASS_MAP } from './totalsegmentator-classes';
import { TOTALSEGMENTATOR_COLOURS } from './totalsegmentator-colours';

describe('TotalSegmentator class colours', () => {
  it.each(['total', 'total_mr'] as const)(
    'give every class of %s a colour no other class of it shares',
    (task) => {
      const colours = Object.values(TOTALSEGMENTATOR_CLASS_MAP[task]).map(
        (name) => TOTALSEGMENTATOR_COLOURS[name],
      );
      expect(colours.every((c) => c !== undefined && /^#[0-9a-f]{6}$/.test(c))).toBe(true);
      const given = colours as string[];
      const nearest = Math.min(
        ...given.flatMap((a, i) => given.slice(i + 1).map((b) => colourDistance(a, b))),
      );
      expect(nearest).toBeGreaterThanOrEqual(SAME_COLOUR_DISTANCE);
    },
  );

  it('name only classes of the maps', () => {
    const names = new Set([
      ...Object.values(TOTALSEGMENTATOR_CLASS_MAP.total),
      ...Object.values(TOTALSEGMENTATOR_CLASS_MAP.total_mr),
    ]);
    expect(Object.keys(TOTALSEGMENTATOR_COLOURS).filter((n) => !names.has(n))).toEqual([]);
  });

  it('keep Slicer’s colours where they are apart', () => {
    expect(TOTALSEGMENTATOR_COLOURS.spleen).toBe('#9d6ca2');
    expect(TOTALSEGMENTATOR_COLOURS.kidney_right).toBe('#d47e97');
  });
});
