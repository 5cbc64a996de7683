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
 * Scanline flood fill, iterative (a stack of run starts, no recursion: a fill may cover millions of
 * voxels). Each popped voxel grows into the whole run along the row axis, which is written; the rows
 * beside it along each cross axis push one start per run they hold. Connectivity is 4 in a plane and
 * 6 in a volume. Voxels the rule may not change are walls: a fill never leaks through another segment.
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
  let stack = new Uint32Array(1024);
  let top = 0;
  const push = (i: number) => {
    if (top === stack.length) {
      const grown = new Uint32Array(stack.length * 2);
      grown.set(stack);
      stack = grown;
    }
    stack[top++] = i;
  };
  const scanRow = (first: number, last: number) => {
    let inRun = false;
    for (let j = first; j <= last; j += step) {
      const isOpen = open(j);
      if (isOpen && !inRun) push(j);
      inRun = isOpen;
    }
  };
  if (open(seed)) push(seed);
  while (top > 0) {
    const i = stack[--top]!;
    if (!open(i)) continue;
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
    for (const { stride, length } of cross) {
      const c = Math.floor(i / stride) % length;
      if (c > 0) scanRow(first - stride, last - stride);
      if (c < length - 1) scanRow(first + stride, last + stride);
    }
  }
  return recorder.finish();
}
