import { clipSegment } from './clip-segment';
import { ChangeRecorder, emptyChange, type ChangeRecord } from './change-record';
import { planeAxes, strides, type Axis, type LabelVolume } from './label-volume';
import type { WriteRule } from './write-rule';

/** A point of a contour in the slice plane: (u, v) as `planeAxes(axis)` names them, in voxels. */
export type PlanePoint = readonly [number, number];

/**
 * Fills the closed polygon `contour` (its last point joins its first) in slice `slice` across `axis`:
 * the voxels whose centres lie inside by the nonzero winding rule, so a lasso that crosses itself or
 * goes round twice is filled whole, and the voxels the outline passes through, so the line the user
 * drew is part of the region. Fewer than three points enclose nothing.
 */
export function fillContour(
  volume: LabelVolume,
  axis: Axis,
  slice: number,
  contour: readonly PlanePoint[],
  rule: WriteRule,
): ChangeRecord {
  const { data, dims } = volume;
  if (contour.length < 3 || !Number.isInteger(slice) || slice < 0 || slice >= dims[axis]) {
    return emptyChange(data, rule.value);
  }
  const [uAxis, vAxis] = planeAxes(axis);
  const step = strides(dims);
  const [nu, nv] = [dims[uAxis], dims[vAxis]];
  const base = slice * step[axis];
  const recorder = new ChangeRecorder(data, rule.value);
  const { value, writable } = rule;
  const stepU = step[uAxis];
  const put = (u: number, v: number) => {
    const i = base + u * stepU + v * step[vAxis];
    const old = data[i]!;
    if (old !== value && writable[old]) recorder.write(i, old);
  };
  const edges = contour.map((p, k) => [p, contour[(k + 1) % contour.length]!] as const);
  // Edges that cross some row, flat (u0, v0, u1, v1): the row loop below visits them once a row.
  const flat = new Float64Array(edges.flatMap(([p, q]) => (p[1] === q[1] ? [] : [p[0], p[1], q[0], q[1]])));
  const vs = contour.map((p) => p[1]);
  const vFirst = Math.max(0, Math.ceil(Math.min(...vs)));
  const vLast = Math.min(nv - 1, Math.floor(Math.max(...vs)));
  const crossU = new Float64Array(flat.length / 4);
  const crossW = new Int8Array(flat.length / 4);
  const order = new Uint32Array(flat.length / 4);
  for (let v = vFirst; v <= vLast; v++) {
    // Where the row v crosses each edge (half-open in v, so a vertex on the row counts once) and which way.
    let n = 0;
    for (let e = 0; e < flat.length; e += 4) {
      const [u0, v0, u1, v1] = [flat[e]!, flat[e + 1]!, flat[e + 2]!, flat[e + 3]!];
      if ((v0 <= v && v1 > v) || (v1 <= v && v0 > v)) {
        crossU[n] = u0 + ((v - v0) * (u1 - u0)) / (v1 - v0);
        crossW[n] = v1 > v0 ? 1 : -1;
        order[n] = n;
        n++;
      }
    }
    const sorted = order.subarray(0, n).sort((p, q) => crossU[p]! - crossU[q]!);
    const rowBase = base + v * step[vAxis];
    let winding = 0;
    for (let k = 0; k + 1 < n; k++) {
      winding += crossW[sorted[k]!]!;
      if (winding === 0) continue;
      const uFirst = Math.max(0, Math.ceil(crossU[sorted[k]!]!));
      const uLast = Math.min(nu - 1, Math.floor(crossU[sorted[k + 1]!]!));
      for (let u = uFirst; u <= uLast; u++) {
        const i = rowBase + u * stepU;
        const old = data[i]!;
        if (old !== value && writable[old]) recorder.write(i, old);
      }
    }
  }
  for (const [p, q] of edges) {
    const inside = clipSegment(p, q, [nu, nv]);
    if (!inside) continue;
    const [[u0, v0], [u1, v1]] = inside as [[number, number], [number, number]];
    const n = Math.max(1, Math.ceil(Math.max(Math.abs(u1 - u0), Math.abs(v1 - v0))));
    for (let t = 0; t <= n; t++) {
      const u = Math.round(u0 + ((u1 - u0) * t) / n);
      const v = Math.round(v0 + ((v1 - v0) * t) / n);
      if (u >= 0 && u < nu && v >= 0 && v < nv) put(u, v);
    }
  }
  return recorder.finish();
}
