import { describe, expect, it } from 'vitest';
import { fillContour, type PlanePoint } from './contour-fill';
import { blankVolume, countOf, getVoxel, setVoxel, voxelsOf } from './test-volume';
import { paintRule } from './write-rule';

/** Winding number of a polygon around point (u, v): nonzero is inside. */
function winding(poly: readonly PlanePoint[], u: number, v: number): number {
  let w = 0;
  poly.forEach(([u0, v0], k) => {
    const [u1, v1] = poly[(k + 1) % poly.length]!;
    const side = (u1 - u0) * (v - v0) - (u - u0) * (v1 - v0);
    if (v0 <= v && v1 > v && side > 0) w++;
    if (v1 <= v && v0 > v && side < 0) w--;
  });
  return w;
}

describe('fillContour', () => {
  it('fills a square drawn through voxel centres, its outline included', () => {
    const v = blankVolume([8, 8, 2]);
    const change = fillContour(
      v,
      2,
      1,
      [
        [2, 2],
        [5, 2],
        [5, 5],
        [2, 5],
      ],
      paintRule(v.data, 1),
    );
    expect(countOf(v, 1)).toBe(16);
    expect(change.indices.length).toBe(16);
    expect(voxelsOf(v, 1).every((k) => k.endsWith(',1'))).toBe(true);
  });

  it('fills every voxel whose centre is inside a polygon, and stays near its outline otherwise', () => {
    const poly: PlanePoint[] = [
      [1.3, 0.7],
      [14.2, 3.1],
      [9.6, 12.8],
      [6.1, 6.4],
      [2.2, 13.5],
    ];
    const v = blankVolume([16, 16, 1]);
    fillContour(v, 2, 0, poly, paintRule(v.data, 1));
    for (let y = 0; y < 16; y++)
      for (let x = 0; x < 16; x++) {
        const inside = winding(poly, x, y) !== 0;
        if (inside) expect(getVoxel(v, [x, y, 0]), `${x},${y}`).toBe(1);
      }
    // An outside voxel that is painted is one the outline passes near (within a voxel's diagonal).
    const distToOutline = (x: number, y: number) =>
      Math.min(
        ...poly.map(([u0, v0], k) => {
          const [u1, v1] = poly[(k + 1) % poly.length]!;
          const t = Math.max(
            0,
            Math.min(1, ((x - u0) * (u1 - u0) + (y - v0) * (v1 - v0)) / ((u1 - u0) ** 2 + (v1 - v0) ** 2)),
          );
          return Math.hypot(x - u0 - t * (u1 - u0), y - v0 - t * (v1 - v0));
        }),
      );
    for (const key of voxelsOf(v, 1)) {
      const [x, y] = key.split(',').map(Number) as [number, number];
      if (winding(poly, x, y) === 0) expect(distToOutline(x, y)).toBeLessThanOrEqual(Math.SQRT1_2);
    }
  });

  it('uses the nonzero rule: a contour that goes round twice is filled whole', () => {
    const twice: PlanePoint[] = [
      [1, 1],
      [8, 1],
      [8, 8],
      [1, 8],
      [1, 1],
      [8, 1],
      [8, 8],
      [1, 8],
    ];
    const v = blankVolume([10, 10, 1]);
    fillContour(v, 2, 0, twice, paintRule(v.data, 1));
    expect(countOf(v, 1)).toBe(64);
  });

  it('fills both lobes of a figure eight', () => {
    const eight: PlanePoint[] = [
      [0, 0],
      [6, 6],
      [6, 0],
      [0, 6],
    ];
    const v = blankVolume([7, 7, 1]);
    fillContour(v, 2, 0, eight, paintRule(v.data, 1));
    expect(getVoxel(v, [1, 3, 0])).toBe(1);
    expect(getVoxel(v, [5, 3, 0])).toBe(1);
    expect(getVoxel(v, [3, 1, 0])).toBe(0);
    expect(getVoxel(v, [3, 5, 0])).toBe(0);
  });

  it('maps (u, v) to the plane of each axis', () => {
    const square: PlanePoint[] = [
      [0, 0],
      [1, 0],
      [1, 2],
      [0, 2],
    ];
    const cases = [
      [0, ['3,0,0', '3,0,1', '3,0,2', '3,1,0', '3,1,1', '3,1,2']],
      [1, ['0,3,0', '0,3,1', '0,3,2', '1,3,0', '1,3,1', '1,3,2']],
      [2, ['0,0,3', '0,1,3', '0,2,3', '1,0,3', '1,1,3', '1,2,3']],
    ] as const;
    for (const [axis, voxels] of cases) {
      const v = blankVolume([5, 5, 5]);
      fillContour(v, axis, 3, square, paintRule(v.data, 1));
      expect(voxelsOf(v, 1)).toEqual(voxels);
    }
  });

  it('clips a contour that leaves the slice, and fills nothing for a bad slice or fewer than 3 points', () => {
    const v = blankVolume([6, 6, 2]);
    fillContour(
      v,
      2,
      0,
      [
        [-5, -5],
        [10, -5],
        [10, 10],
        [-5, 10],
      ],
      paintRule(v.data, 1),
    );
    expect(countOf(v, 1)).toBe(36);
    expect(
      fillContour(
        v,
        2,
        2,
        [
          [0, 0],
          [3, 0],
          [3, 3],
        ],
        paintRule(v.data, 2),
      ).indices.length,
    ).toBe(0);
    expect(
      fillContour(
        v,
        2,
        0.5,
        [
          [0, 0],
          [3, 0],
          [3, 3],
        ],
        paintRule(v.data, 2),
      ).indices.length,
    ).toBe(0);
    expect(
      fillContour(
        v,
        2,
        1,
        [
          [0, 0],
          [3, 3],
        ],
        paintRule(v.data, 2),
      ).indices.length,
    ).toBe(0);
  });

  it('handles a vertex far off the slice without walking to it', () => {
    const v = blankVolume([6, 6, 1]);
    fillContour(
      v,
      2,
      0,
      [
        [0, 0],
        [1e12, 0],
        [0, 5],
      ],
      paintRule(v.data, 1),
    );
    expect(getVoxel(v, [5, 0, 0])).toBe(1);
    expect(getVoxel(v, [0, 5, 0])).toBe(1);
    expect(countOf(v, 1)).toBeGreaterThan(20);
  });

  it('keeps other labels with preserveOthers and skips voxels already painted', () => {
    const v = blankVolume([6, 6, 1]);
    setVoxel(v, [2, 2, 0], 3);
    setVoxel(v, [3, 3, 0], 1);
    const change = fillContour(
      v,
      2,
      0,
      [
        [1, 1],
        [4, 1],
        [4, 4],
        [1, 4],
      ],
      paintRule(v.data, 1, { preserveOthers: true }),
    );
    expect(getVoxel(v, [2, 2, 0])).toBe(3);
    expect(change.indices.length).toBe(14);
  });
});
