import { describe, expect, it } from 'vitest';
import { paintStroke, type Brush } from './brush';
import type { LabelVolume, Vec3 } from './label-volume';
import { blankVolume, countOf, getVoxel, setVoxel, voxelsOf } from './test-volume';
import { eraseRule, paintRule } from './write-rule';

/** The voxels a brute-force check paints: centre within r mm of the segment (and in the disc's slice). */
function expected(volume: LabelVolume, a: Vec3, b: Vec3, r: number, slice?: { axis: 0 | 1 | 2; at: number }) {
  const [nx, ny, nz] = volume.dims;
  const s = volume.spacing;
  const out: string[] = [];
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        const p = [x, y, z];
        if (slice && p[slice.axis] !== slice.at) continue;
        const pm = p.map((c, i) => c * s[i]!);
        const am = a.map((c, i) => c * s[i]!);
        const d = b.map((c, i) => c * s[i]! - am[i]!);
        const len2 = d.reduce((n, c) => n + c * c, 0);
        const t =
          len2 > 0 ? Math.min(1, Math.max(0, pm.reduce((n, c, i) => n + (c - am[i]!) * d[i]!, 0) / len2)) : 0;
        const dist2 = pm.reduce((n, c, i) => n + (c - am[i]! - t * d[i]!) ** 2, 0);
        if (dist2 <= r * r + 1e-9) out.push(`${x},${y},${z}`);
      }
  return out.sort();
}

const sphere = (radiusMm: number): Brush => ({ shape: 'sphere', radiusMm });

describe('paintStroke: sphere', () => {
  it('paints a ball of the radius in mm around a click', () => {
    const v = blankVolume([11, 11, 11]);
    const change = paintStroke(v, [5, 5, 5], [5, 5, 5], sphere(3), paintRule(v.data, 1));
    expect(voxelsOf(v, 1)).toEqual(expected(v, [5, 5, 5], [5, 5, 5], 3));
    expect(change.indices.length).toBe(countOf(v, 1));
    expect(change.newValue).toBe(1);
    expect([...change.oldValues].every((o) => o === 0)).toBe(true);
  });

  it('respects anisotropic spacing: 2 mm reaches 4 voxels of 0.5 mm and 1 voxel of 2 mm', () => {
    const v = blankVolume([20, 20, 9], [0.5, 0.5, 2]);
    paintStroke(v, [10, 10, 4], [10, 10, 4], sphere(2), paintRule(v.data, 1));
    const painted = voxelsOf(v, 1).map((k) => k.split(',').map(Number));
    const extent = (axis: number) => [
      Math.min(...painted.map((p) => p[axis]!)),
      Math.max(...painted.map((p) => p[axis]!)),
    ];
    expect(extent(0)).toEqual([6, 14]);
    expect(extent(1)).toEqual([6, 14]);
    expect(extent(2)).toEqual([3, 5]);
    expect(voxelsOf(v, 1)).toEqual(expected(v, [10, 10, 4], [10, 10, 4], 2));
  });

  it('paints the swept capsule of a stroke, with no gaps, at any direction and spacing', () => {
    const cases: [Vec3, Vec3, number, Vec3][] = [
      [[1, 2, 3], [13, 9, 5], 1.2, [1, 1, 1]],
      [[14, 1, 1], [2, 12, 6], 2.2, [0.7, 1.3, 2.5]],
      [[3, 3, 0], [3, 3, 7], 3, [1, 1, 3]],
      [[0, 5, 4], [15, 5, 4], 2.5, [0.5, 0.9, 1.1]],
      [[2.4, 7.6, 3.3], [11.7, 1.2, 2.8], 1.7, [1.1, 0.6, 1.9]],
    ];
    for (const [a, b, r, spacing] of cases) {
      const v = blankVolume([16, 14, 8], spacing);
      paintStroke(v, a, b, sphere(r), paintRule(v.data, 2));
      expect(voxelsOf(v, 2)).toEqual(expected(v, a, b, r));
    }
  });

  it('a brush thinner than a voxel paints the capsule and the voxels the stroke passes through', () => {
    const v = blankVolume([20, 20, 6], [1, 1, 2.5]);
    const a: Vec3 = [0.3, 0, 1];
    const b: Vec3 = [19, 7.4, 4];
    paintStroke(v, a, b, sphere(0.6), paintRule(v.data, 1));
    const painted = new Set(voxelsOf(v, 1));
    for (const key of expected(v, a, b, 0.6)) expect(painted.has(key)).toBe(true);
    for (let t = 0; t <= 1; t += 0.001) {
      const p = a.map((c, i) => Math.round(c + (b[i]! - c) * t));
      expect(painted.has(p.join(','))).toBe(true);
    }
    // Nothing else: every extra voxel's cell touches the segment.
    const capsule = new Set(expected(v, a, b, 0.6));
    for (const key of painted) {
      if (capsule.has(key)) continue;
      const c = key.split(',').map(Number);
      const near = Array.from({ length: 1001 }, (_, k) => k / 1000).some((t) =>
        a.every((ac, i) => Math.abs(ac + (b[i]! - ac) * t - c[i]!) <= 0.5 + 1e-9),
      );
      expect(near, key).toBe(true);
    }
    const click = blankVolume([5, 5, 5]);
    paintStroke(click, [2.2, 1.8, 3], [2.2, 1.8, 3], sphere(0), paintRule(click.data, 1));
    expect(voxelsOf(click, 1)).toEqual(['2,2,3']);
  });

  it('clips at the volume borders, and a stroke wholly outside paints nothing', () => {
    const v = blankVolume([8, 8, 8]);
    paintStroke(v, [-2, 0, 0], [3, 9, 7], sphere(2), paintRule(v.data, 1));
    expect(voxelsOf(v, 1)).toEqual(expected(v, [-2, 0, 0], [3, 9, 7], 2));
    const outside = paintStroke(v, [20, 20, 20], [30, 20, 20], sphere(2), paintRule(v.data, 3));
    expect(outside.indices.length).toBe(0);
  });
});

describe('paintStroke: pointer far off the volume', () => {
  it('walks only the part of the stroke inside the volume, and refuses a point that is not a number', () => {
    const v = blankVolume([8, 8, 8]);
    paintStroke(v, [-1e12, 3, 3], [1e12, 3, 3], sphere(0), paintRule(v.data, 1));
    expect(voxelsOf(v, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((x) => `${x},3,3`));
    expect(() => paintStroke(v, [NaN, 0, 0], [1, 1, 1], sphere(1), paintRule(v.data, 1))).toThrow(RangeError);
    expect(() => paintStroke(v, [0, 0, 0], [1, 1, 1], sphere(Infinity), paintRule(v.data, 1))).toThrow(
      RangeError,
    );
  });
});

describe('paintStroke: disc', () => {
  it('paints only the slice across the axis that holds the start, in that plane', () => {
    for (const axis of [0, 1, 2] as const) {
      const v = blankVolume([9, 10, 11], [0.8, 1, 1.2]);
      const from: Vec3 = [4, 5, 5];
      const to: [number, number, number] = [6, 7, 8];
      to[axis] = 1; // ignored: the stroke stays in the start's slice
      paintStroke(v, from, to, { shape: 'disc', radiusMm: 1.5, axis }, paintRule(v.data, 1));
      const flat: [number, number, number] = [...to];
      flat[axis] = from[axis];
      expect(voxelsOf(v, 1)).toEqual(expected(v, from, flat, 1.5, { axis, at: from[axis] }));
      expect(voxelsOf(v, 1).every((k) => Number(k.split(',')[axis]) === from[axis])).toBe(true);
    }
  });
  it('rounds the slice from the start point, and paints nothing off the volume', () => {
    const v = blankVolume([5, 5, 5]);
    paintStroke(v, [2, 2, 2.6], [2, 2, 2.6], { shape: 'disc', radiusMm: 0, axis: 2 }, paintRule(v.data, 1));
    expect(voxelsOf(v, 1)).toEqual(['2,2,3']);
    const change = paintStroke(
      v,
      [2, 2, 5],
      [2, 2, 5],
      { shape: 'disc', radiusMm: 3, axis: 2 },
      paintRule(v.data, 1),
    );
    expect(change.indices.length).toBe(0);
  });
});

describe('paintStroke: rules', () => {
  const disc: Brush = { shape: 'disc', radiusMm: 2, axis: 2 };

  it('records nothing where the value is already painted', () => {
    const v = blankVolume([9, 9, 1]);
    const first = paintStroke(v, [4, 4, 0], [4, 4, 0], disc, paintRule(v.data, 1));
    expect(first.indices.length).toBe(13);
    const again = paintStroke(v, [4, 4, 0], [4, 4, 0], disc, paintRule(v.data, 1));
    expect(again.indices.length).toBe(0);
    const wider = paintStroke(v, [4, 4, 0], [5, 4, 0], disc, paintRule(v.data, 1));
    expect(wider.indices.length).toBe(countOf(v, 1) - 13);
  });

  it('overwrites other labels by default, keeps them with preserveOthers, never touches locked ones', () => {
    const v = blankVolume([9, 9, 1]);
    setVoxel(v, [4, 4, 0], 5);
    setVoxel(v, [3, 4, 0], 6);
    paintStroke(v, [4, 4, 0], [4, 4, 0], disc, paintRule(v.data, 1, { preserveOthers: true }));
    expect([getVoxel(v, [4, 4, 0]), getVoxel(v, [3, 4, 0])]).toEqual([5, 6]);
    const change = paintStroke(v, [4, 4, 0], [4, 4, 0], disc, paintRule(v.data, 2, { locked: [6] }));
    expect([getVoxel(v, [4, 4, 0]), getVoxel(v, [3, 4, 0])]).toEqual([2, 6]);
    expect(change.indices.length).toBe(12);
    expect([...change.oldValues].sort()).toEqual([...Array(11).fill(1), 5]);
  });

  it('erases only the active value, or any unlocked value with eraseAny', () => {
    const v = blankVolume([9, 9, 1]);
    v.data.fill(1);
    setVoxel(v, [4, 4, 0], 2);
    setVoxel(v, [4, 5, 0], 3);
    const erased = paintStroke(v, [4, 4, 0], [4, 4, 0], disc, eraseRule(v.data, 1));
    expect(erased.newValue).toBe(0);
    expect(erased.indices.length).toBe(11);
    expect([getVoxel(v, [4, 4, 0]), getVoxel(v, [4, 5, 0])]).toEqual([2, 3]);
    paintStroke(v, [4, 4, 0], [4, 4, 0], disc, eraseRule(v.data, 1, { eraseAny: true, locked: [3] }));
    expect([getVoxel(v, [4, 4, 0]), getVoxel(v, [4, 5, 0])]).toEqual([0, 3]);
  });

  it('paints values above 255 in a uint16 mask', () => {
    const v = blankVolume([5, 5, 5], [1, 1, 1], 'u16');
    const change = paintStroke(v, [2, 2, 2], [2, 2, 2], sphere(1), paintRule(v.data, 300));
    expect(countOf(v, 300)).toBe(7);
    expect(change.oldValues).toBeInstanceOf(Uint16Array);
  });
});
