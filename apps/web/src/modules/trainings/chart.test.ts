import { describe, expect, it } from 'vitest';
import { linePath, scaleFor, ticks, type ChartBox } from './chart';

const box = (width: number, height: number, pad: number): ChartBox => ({
  width,
  height,
  left: pad,
  right: pad,
  top: pad,
  bottom: pad,
});

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

  it('spans the box inside its margins', () => {
    const s = scaleFor(series, box(120, 70, 10));
    expect([s.xMax, s.yMax]).toEqual([3, 2]);
    expect([s.x(1), s.x(3)]).toEqual([10, 110]);
    expect([s.y(0), s.y(2)]).toEqual([60, 10]);
    expect(linePath(series[0]!.points, s)).toBe('M10.0,10.0 L110.0,35.0');
  });

  it('runs x at least to xTo, so a young curve grows toward the right edge', () => {
    const s = scaleFor(series, box(120, 70, 10), 5);
    expect(s.xMax).toBe(5);
    expect([s.x(1), s.x(3), s.x(5)]).toEqual([10, 60, 110]);
  });

  it('keeps one point and an empty chart in range', () => {
    const s = scaleFor([{ name: 'd', color: 'b', points: [{ x: 1, y: 0.5 }] }], box(100, 100, 0));
    expect([s.xMax, s.yMax]).toEqual([2, 1]);
    expect(linePath([], s)).toBe('');
  });

  it('puts ticks at round steps', () => {
    expect(ticks(0, 1, 4)).toEqual([0, 0.5, 1]);
    expect(ticks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(ticks(1, 50, 6, true)).toEqual([10, 20, 30, 40, 50]);
    expect(ticks(1, 3, 6, true)).toEqual([1, 2, 3]);
    expect(ticks(0, 2.4, 4)).toEqual([0, 1, 2]);
  });
});
