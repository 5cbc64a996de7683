/**
 * The part of segment a-b inside the box of voxel cells [-0.5, size - 0.5) on every axis (Liang and
 * Barsky), or null when it misses the box: walking a stroke voxel by voxel then costs what lies inside,
 * however far off the volume the pointer went.
 */
export function clipSegment(
  a: readonly number[],
  b: readonly number[],
  size: readonly number[],
): [number[], number[]] | null {
  let t0 = 0;
  let t1 = 1;
  for (let ax = 0; ax < a.length; ax++) {
    const start = a[ax]!;
    const d = b[ax]! - start;
    const lo = -0.5;
    const hi = size[ax]! - 0.5;
    if (!Number.isFinite(start) || !Number.isFinite(d)) return null;
    if (d === 0) {
      if (start < lo || start >= hi) return null;
      continue;
    }
    const e0 = (lo - start) / d;
    const e1 = (hi - start) / d;
    t0 = Math.max(t0, Math.min(e0, e1));
    t1 = Math.min(t1, Math.max(e0, e1));
    if (t0 > t1) return null;
  }
  const at = (t: number) => a.map((c, ax) => c + (b[ax]! - c) * t);
  return [at(t0), at(t1)];
}
