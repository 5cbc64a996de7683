import type { Dims } from './series-volume';

/**
 * Resampling between the series' grid and the model's (docs/decisions/0044). Both grids cover the same
 * extent along each voxel axis (voxel centres at (i + 0.5) * size / n), as nnU-Net's resize does; the
 * axes keep their order and direction, so the affine of the result is the series' affine rescaled.
 */

/** Voxels along each axis at the target spacing: the same extent, at least one voxel. */
export function resampledDims(dims: Dims, spacing: readonly number[], target: readonly number[]): Dims {
  return dims.map((n, axis) =>
    Math.max(1, Math.round((n * (spacing[axis] ?? 1)) / (target[axis] ?? 1))),
  ) as Dims;
}

/** Where target voxel i of `to` falls on an axis of `from` voxels, clamped to its first and last centres. */
const sourceCoordinate = (i: number, from: number, to: number) =>
  Math.min(from - 1, Math.max(0, ((i + 0.5) * from) / to - 0.5));

interface AxisTable {
  low: Int32Array;
  high: Int32Array;
  /** Weight of `high`. */
  fraction: Float32Array;
}

function axisTable(from: number, to: number, stride: number): AxisTable {
  const table = { low: new Int32Array(to), high: new Int32Array(to), fraction: new Float32Array(to) };
  for (let i = 0; i < to; i++) {
    const at = sourceCoordinate(i, from, to);
    const low = Math.floor(at);
    table.low[i] = low * stride;
    table.high[i] = Math.min(from - 1, low + 1) * stride;
    table.fraction[i] = at - low;
  }
  return table;
}

/**
 * Trilinear resampling of `source` (dims `from`) onto `to` voxels, times slope plus intercept. Separable
 * and slice by slice: each source slice needed is resampled in plane (along x, then y) once, the two
 * around an output slice are kept, and the output slice is their blend along z. About a quarter of the
 * work of eight reads a voxel, and no full-size intermediate volume.
 */
export function resampleLinear(
  source: ArrayLike<number>,
  from: Dims,
  to: Dims,
  slope = 1,
  intercept = 0,
): Float32Array {
  const [nx, ny, nz] = to;
  const [sx, sy] = from;
  const tx = axisTable(sx, nx, 1);
  const ty = axisTable(sy, ny, nx);
  const tz = axisTable(from[2], nz, 1);
  const plane = nx * ny;
  const rows = new Float32Array(nx * sy);
  const slots = [0, 1].map(() => ({ slice: -1, values: new Float32Array(plane) }));

  // Indices below come from the tables, which hold only voxels of `source` and of `rows`.
  function resampleSlice(slice: number, values: Float32Array): void {
    for (let y = 0; y < sy; y++) {
      const row = (slice * sy + y) * sx;
      const at = y * nx;
      for (let x = 0; x < nx; x++) {
        const a = source[row + tx.low[x]!]!;
        rows[at + x] = a + (source[row + tx.high[x]!]! - a) * tx.fraction[x]!;
      }
    }
    for (let y = 0; y < ny; y++) {
      const [low, high, f, at] = [ty.low[y]!, ty.high[y]!, ty.fraction[y]!, y * nx];
      for (let x = 0; x < nx; x++) {
        const a = rows[low + x]!;
        values[at + x] = a + (rows[high + x]! - a) * f;
      }
    }
  }
  /** Slice `slice` in plane, kept in the slot that does not hold `keep`. */
  function inPlane(slice: number, keep: number): Float32Array {
    const held = slots.find((s) => s.slice === slice);
    if (held) return held.values;
    const slot = slots.find((s) => s.slice !== keep) ?? slots[0]!;
    resampleSlice(slice, slot.values);
    slot.slice = slice;
    return slot.values;
  }

  const out = new Float32Array(plane * nz);
  for (let z = 0; z < nz; z++) {
    const [low, high, f] = [tz.low[z]!, tz.high[z]!, tz.fraction[z]!];
    const a = inPlane(low, high);
    const b = inPlane(high, low);
    const at = z * plane;
    for (let i = 0; i < plane; i++) out[at + i] = (a[i]! + (b[i]! - a[i]!) * f) * slope + intercept;
  }
  return out;
}

/** Nearest-neighbour resampling of labels from the model's grid (`from`) back onto the series' (`to`). */
export function resampleNearest<T extends Uint8Array | Uint16Array>(labels: T, from: Dims, to: Dims): T {
  const [nx, ny, nz] = to;
  const index = (n: number, source: number, stride: number) =>
    Int32Array.from({ length: n }, (_, i) => Math.round(sourceCoordinate(i, source, n)) * stride);
  const [ix, iy, iz] = [
    index(nx, from[0], 1),
    index(ny, from[1], from[0]),
    index(nz, from[2], from[0] * from[1]),
  ];
  const out = new (labels.constructor as new (length: number) => T)(nx * ny * nz);
  let at = 0;
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++) {
      const row = (iz[z] ?? 0) + (iy[y] ?? 0);
      for (let x = 0; x < nx; x++) out[at++] = labels[row + (ix[x] ?? 0)] ?? 0;
    }
  return out;
}
