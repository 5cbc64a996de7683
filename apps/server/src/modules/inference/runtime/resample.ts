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
 * Trilinear resampling of `source` (dims `from`) onto `to` voxels, times slope plus intercept. Hot loop:
 * plain locals and checked-in-range indices (the tables hold only voxels of `source`).
 */
export function resampleLinear(
  source: ArrayLike<number>,
  from: Dims,
  to: Dims,
  slope = 1,
  intercept = 0,
): Float32Array {
  const [nx, ny, nz] = to;
  const tx = axisTable(from[0], nx, 1);
  const ty = axisTable(from[1], ny, from[0]);
  const tz = axisTable(from[2], nz, from[0] * from[1]);
  const out = new Float32Array(nx * ny * nz);
  let at = 0;
  for (let z = 0; z < nz; z++) {
    const fz = tz.fraction[z]!;
    for (let y = 0; y < ny; y++) {
      const fy = ty.fraction[y]!;
      const r00 = tz.low[z]! + ty.low[y]!;
      const r01 = tz.low[z]! + ty.high[y]!;
      const r10 = tz.high[z]! + ty.low[y]!;
      const r11 = tz.high[z]! + ty.high[y]!;
      for (let x = 0; x < nx; x++) {
        const x0 = tx.low[x]!;
        const x1 = tx.high[x]!;
        const fx = tx.fraction[x]!;
        const a = source[r00 + x0]!;
        const b = source[r01 + x0]!;
        const c = source[r10 + x0]!;
        const d = source[r11 + x0]!;
        const ab0 = a + (source[r00 + x1]! - a) * fx;
        const ab1 = b + (source[r01 + x1]! - b) * fx;
        const cd0 = c + (source[r10 + x1]! - c) * fx;
        const cd1 = d + (source[r11 + x1]! - d) * fx;
        const near = ab0 + (ab1 - ab0) * fy;
        const far = cd0 + (cd1 - cd0) * fy;
        out[at++] = (near + (far - near) * fz) * slope + intercept;
      }
    }
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
