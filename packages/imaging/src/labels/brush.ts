import { clipSegment } from './clip-segment';
import { ChangeRecorder, emptyChange, type ChangeRecord } from './change-record';
import { isInside, voxelIndex, type Axis, type LabelVolume, type Vec3 } from './label-volume';
import type { WriteRule } from './write-rule';

/** A sphere paints in 3D; a disc paints in the slice across `axis` that holds the stroke's start. */
export type Brush = { shape: 'sphere'; radiusMm: number } | { shape: 'disc'; radiusMm: number; axis: Axis };

/**
 * Paints every voxel whose centre lies within the brush radius (mm, so anisotropic voxels get an
 * ellipsoid brush) of the segment from -> to (voxel coordinates, fractions allowed): the swept
 * capsule, so consecutive mouse positions leave no gaps. The voxels the centre line passes through
 * are painted too, so a brush thinner than a voxel (radius 0) still paints the voxel under the cursor
 * and a connected line. A click is a stroke with from = to.
 */
export function paintStroke(
  volume: LabelVolume,
  from: Vec3,
  to: Vec3,
  brush: Brush,
  rule: WriteRule,
): ChangeRecord {
  const { data, dims, spacing } = volume;
  if (![...from, ...to, brush.radiusMm].every(Number.isFinite)) throw new RangeError('stroke is not finite');
  const a: [number, number, number] = [...from];
  const b: [number, number, number] = [...to];
  if (brush.shape === 'disc') {
    const slice = Math.round(from[brush.axis]);
    if (slice < 0 || slice >= dims[brush.axis]) return emptyChange(data, rule.value);
    a[brush.axis] = b[brush.axis] = slice;
  }
  const r = Math.max(brush.radiusMm, 0);
  // Voxel centres exactly on the radius count as inside despite rounding.
  const r2 = r * r * (1 + 1e-9);
  const am = a.map((c, ax) => c * spacing[ax as Axis]) as [number, number, number];
  const bm = b.map((c, ax) => c * spacing[ax as Axis]) as [number, number, number];
  const range = (ax: Axis): [number, number] => {
    if (brush.shape === 'disc' && ax === brush.axis) return [a[ax], a[ax]];
    const lo = Math.ceil((Math.min(am[ax], bm[ax]) - r) / spacing[ax]);
    const hi = Math.floor((Math.max(am[ax], bm[ax]) + r) / spacing[ax]);
    return [Math.max(lo, 0), Math.min(hi, dims[ax] - 1)];
  };
  const [x0, x1] = range(0);
  const [y0, y1] = range(1);
  const [z0, z1] = range(2);
  const recorder = new ChangeRecorder(data, rule.value);
  const { value, writable } = rule;
  const put = (i: number) => {
    const old = data[i]!;
    if (old !== value && writable[old]) recorder.write(i, old);
  };
  const capsule = capsuleRows(am, bm, r2);
  const sx = spacing[0];
  for (let z = z0; z <= z1; z++) {
    for (let y = y0; y <= y1; y++) {
      const span = capsule(y * spacing[1], z * spacing[2]);
      if (!span) continue;
      const lo = Math.max(x0, Math.ceil(span[0] / sx));
      const hi = Math.min(x1, Math.floor(span[1] / sx));
      const base = dims[0] * (y + dims[1] * z);
      for (let x = lo; x <= hi; x++) put(base + x);
    }
  }
  const line = clipSegment(a, b, dims);
  if (line) {
    traverse(line[0] as [number, number, number], line[1] as [number, number, number], (x, y, z) => {
      if (isInside(dims, [x, y, z])) put(voxelIndex(dims, x, y, z));
    });
  }
  return recorder.finish();
}

/**
 * The capsule (points within r of segment a-b, in mm) cut by the row of points (X, Y, Z) for all X:
 * an interval of X, since a capsule is convex, made of the two end balls and the cylinder between.
 */
function capsuleRows(a: Vec3, b: Vec3, r2: number): (Y: number, Z: number) => [number, number] | null {
  const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const length = Math.hypot(d[0]!, d[1]!, d[2]!);
  const u = length > 0 ? d.map((c) => c / length) : [1, 0, 0];
  const [ux, uy, uz] = u as [number, number, number];
  return (Y, Z) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const c of length > 0 ? [a, b] : [a]) {
      const rest = r2 - (Y - c[1]) ** 2 - (Z - c[2]) ** 2;
      if (rest < 0) continue;
      const h = Math.sqrt(rest);
      lo = Math.min(lo, c[0] - h);
      hi = Math.max(hi, c[0] + h);
    }
    if (length > 0) {
      // Offsets from a at X = 0, its projection on the axis, and the squared distance across it.
      const q0 = -a[0];
      const q1 = Y - a[1];
      const q2 = Z - a[2];
      const p0 = q0 * ux + q1 * uy + q2 * uz;
      // Perpendicular distance squared at X: A X^2 + B X + C, within the slab 0 <= p0 + X ux <= length.
      const A = 1 - ux * ux;
      const B = 2 * (q0 - p0 * ux);
      const C = q0 * q0 + q1 * q1 + q2 * q2 - p0 * p0 - r2;
      let cLo = -Infinity;
      let cHi = Infinity;
      if (A > 1e-12) {
        const disc = B * B - 4 * A * C;
        if (disc < 0) return hi >= lo ? [lo, hi] : null;
        const s = Math.sqrt(disc);
        cLo = (-B - s) / (2 * A);
        cHi = (-B + s) / (2 * A);
      } else if (C > 0) {
        return hi >= lo ? [lo, hi] : null;
      }
      if (Math.abs(ux) > 1e-12) {
        const e0 = -p0 / ux;
        const e1 = (length - p0) / ux;
        cLo = Math.max(cLo, Math.min(e0, e1));
        cHi = Math.min(cHi, Math.max(e0, e1));
      } else if (p0 < 0 || p0 > length) {
        cHi = -Infinity;
      }
      if (cHi >= cLo) {
        lo = Math.min(lo, cLo);
        hi = Math.max(hi, cHi);
      }
    }
    return hi >= lo ? [lo, hi] : null;
  };
}

/**
 * Visits every voxel the segment a-b passes through (a voxel is the cell within half a voxel of its
 * centre), in order: Amanatides and Woo's traversal.
 */
function traverse(a: Vec3, b: Vec3, visit: (x: number, y: number, z: number) => void): void {
  const cell = a.map(Math.round) as [number, number, number];
  const step: [number, number, number] = [0, 0, 0];
  const tMax: [number, number, number] = [Infinity, Infinity, Infinity];
  const tDelta: [number, number, number] = [Infinity, Infinity, Infinity];
  for (const ax of [0, 1, 2] as const) {
    const d = b[ax] - a[ax];
    if (d === 0) continue;
    step[ax] = Math.sign(d);
    tDelta[ax] = 1 / Math.abs(d);
    tMax[ax] = (cell[ax] + 0.5 * step[ax] - a[ax]) / d;
  }
  visit(...cell);
  for (;;) {
    const ax = tMax[0] <= tMax[1] ? (tMax[0] <= tMax[2] ? 0 : 2) : tMax[1] <= tMax[2] ? 1 : 2;
    if (tMax[ax] > 1) return;
    cell[ax] += step[ax];
    tMax[ax] += tDelta[ax];
    visit(...cell);
  }
}
