/**
 * A label mask as the annotator paints it: one integer label value a voxel, in NIfTI voxel order (x
 * fastest, then y, then z), with the voxel spacing in mm. Every operation of this folder takes one.
 */
export type LabelArray = Uint8Array | Uint16Array;

/** Voxel values a threshold fill compares against (the series' own data type, unscaled or scaled). */
export type IntensityArray =
  Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

export type Vec3 = readonly [number, number, number];

/** 0 = x (sagittal slice), 1 = y (coronal), 2 = z (axial): the axis a slice is taken across. */
export type Axis = 0 | 1 | 2;

export interface LabelVolume {
  data: LabelArray;
  /** [nx, ny, nz] */
  dims: Vec3;
  /** [sx, sy, sz] in mm */
  spacing: Vec3;
}

/** Checks the shape once so the operations can index without bounds checks of their own. */
export function labelVolume(data: LabelArray, dims: Vec3, spacing: Vec3): LabelVolume {
  if (!dims.every((n) => Number.isInteger(n) && n > 0)) throw new RangeError(`bad dims ${dims.join('x')}`);
  if (data.length !== dims[0] * dims[1] * dims[2]) {
    throw new RangeError(`${data.length} voxels for dims ${dims.join('x')}`);
  }
  if (!spacing.every((s) => Number.isFinite(s) && s > 0))
    throw new RangeError(`bad spacing ${spacing.join(',')}`);
  return { data, dims, spacing };
}

/** The largest value the mask's type holds: 255 for uint8, 65535 for uint16. */
export function maxLabelValue(data: LabelArray): number {
  return data instanceof Uint16Array ? 0xffff : 0xff;
}

export function assertLabelValue(data: LabelArray, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > maxLabelValue(data)) {
    throw new RangeError(`label value ${value} does not fit a ${data.constructor.name}`);
  }
}

/**
 * The two in-plane axes of a slice across `axis`, lower first: the (u, v) of a contour's points.
 * Axial (2) is (x, y), coronal (1) is (x, z), sagittal (0) is (y, z).
 */
export function planeAxes(axis: Axis): readonly [Axis, Axis] {
  if (axis === 0) return [1, 2];
  if (axis === 1) return [0, 2];
  return [0, 1];
}

/** Distance between neighbouring voxels' linear indices along each axis. */
export function strides(dims: Vec3): Vec3 {
  return [1, dims[0], dims[0] * dims[1]];
}

export function voxelIndex(dims: Vec3, x: number, y: number, z: number): number {
  return x + dims[0] * (y + dims[1] * z);
}

export function isInside(dims: Vec3, p: Vec3): boolean {
  return p.every((c, a) => c >= 0 && c < dims[a as Axis]);
}
