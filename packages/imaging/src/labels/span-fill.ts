import { ChangeRecorder, type ChangeRecord } from './change-record';
import { strides, type Axis, type LabelVolume } from './label-volume';
import type { WriteRule } from './write-rule';

export interface SpanFillInput {
  volume: LabelVolume;
  seed: number;
  /** The axis runs are grown along, then the axes whose neighbouring rows are visited. */
  rowAxis: Axis;
  crossAxes: readonly Axis[];
  /** Whether a voxel belongs to the region (besides the rule letting it change). */
  inRegion: (index: number) => boolean;
  rule: WriteRule;
}

/**
 * Scanline flood fill, iterative (a stack of runs, no recursion: a fill may cover millions of voxels).
 * A run is grown along the row axis as soon as one of its voxels is found, written and marked, then
 * pushed; popping it scans the rows beside it along each cross axis for more. Marking on discovery
 * means a voxel is tested in full once and, after that, only for its mark. Connectivity is 4 in a plane
 * and 6 in a volume. Voxels the rule may not change are walls: a fill never leaks through another segment.
 */
export function spanFill({ volume, seed, rowAxis, crossAxes, inRegion, rule }: SpanFillInput): ChangeRecord {
  const { data, dims } = volume;
  const { value, writable } = rule;
  const recorder = new ChangeRecorder(data, value);
  // A bit a voxel: voxels already holding the value belong to the region but are not rewritten.
  const seen = new Uint32Array((data.length + 31) >>> 5);
  const open = (i: number) =>
    (seen[i >>> 5]! & (1 << (i & 31))) === 0 && writable[data[i]!] === 1 && inRegion(i);
  const step = strides(dims)[rowAxis];
  const rowLength = dims[rowAxis];
  const cross = crossAxes.map((axis) => ({ stride: strides(dims)[axis], length: dims[axis] }));
  // Runs as (first, last) pairs.
  let stack = new Uint32Array(1024);
  let top = 0;
  const push = (first: number, last: number) => {
    if (top + 2 > stack.length) {
      const grown = new Uint32Array(stack.length * 2);
      grown.set(stack);
      stack = grown;
    }
    stack[top++] = first;
    stack[top++] = last;
  };
  /** Grows the run through open voxel i, fills it, pushes it; returns its last voxel. */
  const fillRun = (i: number) => {
    const r = Math.floor(i / step) % rowLength;
    let first = i;
    for (let k = r; k > 0 && open(first - step); k--) first -= step;
    let last = i;
    for (let k = r; k < rowLength - 1 && open(last + step); k++) last += step;
    for (let j = first; j <= last; j += step) {
      seen[j >>> 5]! |= 1 << (j & 31);
      const old = data[j]!;
      if (old !== value) recorder.write(j, old);
    }
    push(first, last);
    return last;
  };
  /** Fills every run that has a voxel in first..last (a row beside a popped run). */
  const scanRow = (first: number, last: number) => {
    for (let j = first; j <= last; j += step) if (open(j)) j = fillRun(j);
  };
  if (open(seed)) fillRun(seed);
  while (top > 0) {
    const last = stack[--top]!;
    const first = stack[--top]!;
    for (const { stride, length } of cross) {
      const c = Math.floor(first / stride) % length;
      if (c > 0) scanRow(first - stride, last - stride);
      if (c < length - 1) scanRow(first + stride, last + stride);
    }
  }
  return recorder.finish();
}
