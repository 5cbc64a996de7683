import { describe, expect, it } from 'vitest';
import { fillSlice, fillVolume, type IntensityRange } from './flood-fill';
import { planeAxes, voxelIndex, type Axis, type LabelVolume, type Vec3 } from './label-volume';
import { blankVolume } from './test-volume';
import { paintRule, type WriteRule } from './write-rule';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
}

/** The plain breadth-first fill the scanline fill must agree with, voxel for voxel. */
function referenceFill(
  v: LabelVolume,
  seed: Vec3,
  axes: readonly Axis[],
  rule: WriteRule,
  range?: IntensityRange,
): Set<number> {
  const { data, dims } = v;
  const start = voxelIndex(dims, ...seed);
  const label = data[start]!;
  const inRegion = (i: number) =>
    rule.writable[data[i]!] === 1 &&
    (range ? range.intensity[i]! >= range.lo && range.intensity[i]! <= range.hi : data[i] === label);
  const region = new Set<number>();
  if (!range && label === rule.value) return region;
  if (!inRegion(start)) return region;
  const queue: Vec3[] = [seed];
  region.add(start);
  while (queue.length > 0) {
    const p = queue.shift()!;
    for (const axis of axes) {
      for (const d of [-1, 1]) {
        const q: [number, number, number] = [...p];
        q[axis] += d;
        if (q[axis] < 0 || q[axis] >= dims[axis]) continue;
        const i = voxelIndex(dims, ...q);
        if (region.has(i) || !inRegion(i)) continue;
        region.add(i);
        queue.push(q);
      }
    }
  }
  return region;
}

describe('fillSlice and fillVolume agree with a breadth-first fill', () => {
  it('on random masks and intensities, in every plane and in 3D, with every rule', () => {
    const next = random(7);
    let filled = 0;
    for (let round = 0; round < 200; round++) {
      const dims: Vec3 = [3 + next(8), 3 + next(8), 2 + next(6)];
      const v = blankVolume(dims);
      for (let i = 0; i < v.data.length; i++) v.data[i] = [0, 0, 0, 0, 0, 0, 0, 1, 2][next(9)]!;
      const intensity = Int16Array.from({ length: v.data.length }, () => next(10));
      const seed: Vec3 = [next(dims[0]), next(dims[1]), next(dims[2])];
      const rules = [
        paintRule(v.data, 1),
        paintRule(v.data, 1, { preserveOthers: true }),
        paintRule(v.data, 3, { locked: [2] }),
      ];
      const rule = rules[next(3)]!;
      const range = next(2) === 0 ? { intensity, lo: 1, hi: 8 } : undefined;
      const mode = next(4);
      const axes: Axis[] = mode === 3 ? [0, 1, 2] : [...planeAxes(mode as Axis)];
      const expected = referenceFill(v, seed, axes, rule, range);
      const before = v.data.slice();
      const change =
        mode === 3 ? fillVolume(v, seed, rule, range) : fillSlice(v, seed, mode as Axis, rule, range);
      const changed = [...expected].filter((i) => before[i] !== rule.value).sort((a, b) => a - b);
      expect(
        [...change.indices].sort((a, b) => a - b),
        `round ${round}`,
      ).toEqual(changed);
      for (let i = 0; i < v.data.length; i++)
        expect(v.data[i]).toBe(expected.has(i) ? rule.value : before[i]);
      filled += changed.length;
    }
    // The rounds are not trivial: together they change about a thousand voxels.
    expect(filled).toBeGreaterThan(800);
  });
});
