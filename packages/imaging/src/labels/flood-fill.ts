import { emptyChange, type ChangeRecord } from './change-record';
import {
  isInside,
  planeAxes,
  voxelIndex,
  type Axis,
  type IntensityArray,
  type LabelVolume,
  type Vec3,
} from './label-volume';
import { spanFill } from './span-fill';
import type { WriteRule } from './write-rule';

/** Voxels whose intensity lies in [lo, hi] (both included) belong to the region. */
export interface IntensityRange {
  intensity: IntensityArray;
  lo: number;
  hi: number;
}

/**
 * 2D flood fill in the slice across `axis` that holds `seed` (voxel coordinates, rounded), 4-connected.
 * With a range: the connected voxels whose intensity is in it; without: the connected voxels holding
 * the seed's label value. Voxels the rule may not change bound the region.
 */
export function fillSlice(
  volume: LabelVolume,
  seed: Vec3,
  axis: Axis,
  rule: WriteRule,
  range?: IntensityRange,
): ChangeRecord {
  const [u, v] = planeAxes(axis);
  return fill(volume, seed, u, [v], rule, range);
}

/** 3D flood fill from `seed`, 6-connected, with the same region as `fillSlice`. */
export function fillVolume(
  volume: LabelVolume,
  seed: Vec3,
  rule: WriteRule,
  range?: IntensityRange,
): ChangeRecord {
  return fill(volume, seed, 0, [1, 2], rule, range);
}

function fill(
  volume: LabelVolume,
  seed: Vec3,
  rowAxis: Axis,
  crossAxes: Axis[],
  rule: WriteRule,
  range: IntensityRange | undefined,
): ChangeRecord {
  const { data, dims } = volume;
  const p = seed.map(Math.round) as [number, number, number];
  if (!isInside(dims, p)) return emptyChange(data, rule.value);
  const start = voxelIndex(dims, ...p);
  if (range) {
    const { intensity, lo, hi } = range;
    if (intensity.length !== data.length) throw new RangeError('intensity and label volumes differ in size');
    return spanFill({
      volume,
      seed: start,
      rowAxis,
      crossAxes,
      rule,
      inRegion: (i) => intensity[i]! >= lo && intensity[i]! <= hi,
    });
  }
  const label = data[start]!;
  // Filling a region with its own value changes nothing (and would walk all of it for nothing).
  if (label === rule.value) return emptyChange(data, rule.value);
  return spanFill({ volume, seed: start, rowAxis, crossAxes, rule, inRegion: (i) => data[i] === label });
}
