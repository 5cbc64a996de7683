import { describe, expect, it } from 'vitest';
import { linePath, scaleFor } from './chart';

describe('the line chart', () => {
  const series = [
    {
      name: 'loss',
      color: 'red',
      points: [
        { x: 1, y: 2 },
        { x: 3, y: 1 },
      ],
    },
  ];

  it('spans the box inside its padding', () => {
    const s = scaleFor(series, 120, 70, 10);
    expect([s.xMax, s.yMax]).toEqual([3, 2]);
    expect([s.x(1), s.x(3)]).toEqual([10, 110]);
    expect([s.y(0), s.y(2)]).toEqual([60, 10]);
    expect(linePath(series[0]!.points, s)).toBe('M10.0,10.0 L110.0,35.0');
  });

  it('keeps one point and an empty chart in range', () => {
    const s = scaleFor([{ name: 'd', color: 'b', points: [{ x: 1, y: 0.5 }] }], 100, 100, 0);
    expect([s.xMax, s.yMax]).toEqual([2, 1]);
    expect(linePath([], s)).toBe('');
  });
});
