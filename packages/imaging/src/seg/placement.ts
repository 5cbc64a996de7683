/**
 * Where each DICOM instance of a series lies on its NIfTI voxel grid (docs/decisions/0067): the voxel of
 * its first pixel and the voxel steps of a column and of a row. dcm2niix may flip and permute the axes, so
 * the mapping is computed from the geometry (ImagePositionPatient, ImageOrientationPatient, PixelSpacing
 * against the NIfTI affine), never assumed.
 */
export type Triple = [number, number, number];

/**
 * An image a SEG frame can be drawn on: a single-frame instance, or one frame of a multi-frame (enhanced)
 * instance, with that frame's geometry.
 */
export interface SourceInstance {
  sopClassUid: string;
  sopInstanceUid: string;
  /** 1-based, for a frame of a multi-frame instance (its ReferencedFrameNumber); absent otherwise. */
  frameNumber?: number;
  rows: number;
  columns: number;
  imagePositionPatient: readonly number[];
  imageOrientationPatient: readonly number[];
  /** Row spacing (between rows), then column spacing (between columns), in mm. */
  pixelSpacing: readonly number[];
}

export interface PlacedInstance {
  instance: SourceInstance;
  /** The voxel of pixel (row 0, column 0). */
  origin: Triple;
  /** The voxel step of the next column, and of the next row: each a unit step along one grid axis. */
  columnStep: Triple;
  rowStep: Triple;
}

export type Placement = { ok: true; placed: PlacedInstance[] } | { ok: false; error: string };

/** How far off a whole voxel a pixel may land (float32 affines, rounded DICOM decimals). */
const VOXEL_TOLERANCE = 0.02;

export const OFF_GRID = 'The series’ DICOM instances do not lie on its NIfTI voxel grid';
export const NOT_COVERED = 'The series’ DICOM instances do not cover every slice of its NIfTI volume';

function inverse3(m: readonly (readonly number[])[]): number[][] | null {
  const [a, b, c] = [0, 1, 2].map((r) => [0, 1, 2].map((k) => m[r]?.[k] ?? NaN)) as [
    number[],
    number[],
    number[],
  ];
  const [a0, a1, a2] = a as Triple;
  const [b0, b1, b2] = b as Triple;
  const [c0, c1, c2] = c as Triple;
  const det = a0 * (b1 * c2 - b2 * c1) - a1 * (b0 * c2 - b2 * c0) + a2 * (b0 * c1 - b1 * c0);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  return [
    [(b1 * c2 - b2 * c1) / det, (a2 * c1 - a1 * c2) / det, (a1 * b2 - a2 * b1) / det],
    [(b2 * c0 - b0 * c2) / det, (a0 * c2 - a2 * c0) / det, (a2 * b0 - a0 * b2) / det],
    [(b0 * c1 - b1 * c0) / det, (a1 * c0 - a0 * c1) / det, (a0 * b1 - a1 * b0) / det],
  ];
}

const times = (m: number[][], v: Triple): Triple =>
  m.map((row) => (row[0] ?? 0) * v[0] + (row[1] ?? 0) * v[1] + (row[2] ?? 0) * v[2]) as Triple;

/** DICOM patient coordinates (LPS) to NIfTI world coordinates (RAS). */
const ras = (lps: readonly number[]): Triple => [-(lps[0] ?? NaN), -(lps[1] ?? NaN), lps[2] ?? NaN];

const whole = (v: Triple): Triple | null => {
  const rounded = v.map((x) => Math.round(x) + 0) as Triple; // + 0: no -0
  return v.every((x, i) => Math.abs(x - (rounded[i] ?? NaN)) <= VOXEL_TOLERANCE) ? rounded : null;
};

/** The axis of a unit step (one component ±1, the others 0), else -1. */
export const stepAxis = (step: Triple): number =>
  step.filter((x) => x !== 0).length === 1 && step.some((x) => Math.abs(x) === 1)
    ? step.findIndex((x) => x !== 0)
    : -1;

const inside = (v: Triple, dims: Triple) => v.every((x, i) => x >= 0 && x < (dims[i] ?? 0));

/**
 * Places every instance on the grid `dims` with voxel-to-world `affine` (NIfTI RAS, 4x4 or 3x4). Refuses
 * a series whose pixels fall between voxels, off the grid, or that leaves a slice of the grid uncovered:
 * a SEG made over it would lose voxels.
 */
export function placeInstances(
  affine: readonly (readonly number[])[],
  dims: Triple,
  instances: readonly SourceInstance[],
): Placement {
  const inv = inverse3(affine);
  if (!inv) return { ok: false, error: `${OFF_GRID} (its affine cannot be inverted).` };
  const offset: Triple = [0, 1, 2].map((r) => affine[r]?.[3] ?? NaN) as Triple;
  const voxelOf = (lps: readonly number[]): Triple =>
    times(inv, ras(lps).map((x, i) => x - (offset[i] ?? NaN)) as Triple);
  const placed: PlacedInstance[] = [];
  const sliceAxes = new Set<number>();
  const slices = new Set<number>();
  for (const instance of instances) {
    const [rowSpacing, columnSpacing] = instance.pixelSpacing;
    const iop = instance.imageOrientationPatient;
    if (iop.length !== 6 || instance.imagePositionPatient.length !== 3 || !rowSpacing || !columnSpacing)
      return { ok: false, error: `${OFF_GRID} (an instance has no position, orientation or spacing).` };
    const origin = whole(voxelOf(instance.imagePositionPatient));
    const direction = (v: number[], spacing: number) => whole(times(inv, ras(v.map((x) => x * spacing))));
    const columnStep = direction(iop.slice(0, 3), columnSpacing);
    const rowStep = direction(iop.slice(3, 6), rowSpacing);
    if (!origin || !columnStep || !rowStep)
      return { ok: false, error: `${OFF_GRID} (its pixels fall between voxels).` };
    const [columnAxis, rowAxis] = [stepAxis(columnStep), stepAxis(rowStep)];
    if (columnAxis < 0 || rowAxis < 0 || columnAxis === rowAxis)
      return { ok: false, error: `${OFF_GRID} (its rows and columns do not follow the grid’s axes).` };
    const last: Triple = origin.map(
      (x, i) => x + (instance.columns - 1) * (columnStep[i] ?? 0) + (instance.rows - 1) * (rowStep[i] ?? 0),
    ) as Triple;
    if (!inside(origin, dims) || !inside(last, dims))
      return { ok: false, error: `${OFF_GRID} (an instance reaches past it).` };
    const sliceAxis = 3 - columnAxis - rowAxis;
    if ((dims[columnAxis] ?? 0) !== instance.columns || (dims[rowAxis] ?? 0) !== instance.rows)
      return { ok: false, error: `${OFF_GRID} (an instance is smaller than a slice of it).` };
    sliceAxes.add(sliceAxis);
    slices.add(origin[sliceAxis] ?? -1);
    placed.push({ instance, origin, columnStep, rowStep });
  }
  const [sliceAxis] = [...sliceAxes];
  if (sliceAxes.size !== 1 || sliceAxis === undefined || slices.size !== dims[sliceAxis])
    return { ok: false, error: `${NOT_COVERED}.` };
  return { ok: true, placed };
}

/** The NIfTI voxel index (x fastest) of pixel (row, column) of a placed instance. */
export function voxelOfPixel(at: PlacedInstance, dims: Triple, row: number, column: number): number {
  const x = at.origin[0] + column * at.columnStep[0] + row * at.rowStep[0];
  const y = at.origin[1] + column * at.columnStep[1] + row * at.rowStep[1];
  const z = at.origin[2] + column * at.columnStep[2] + row * at.rowStep[2];
  return x + dims[0] * (y + dims[1] * z);
}

/** The slice of the grid an instance covers (its position along the axis its pixels do not span). */
export function sliceOf(at: PlacedInstance): number {
  const axis = 3 - stepAxis(at.columnStep) - stepAxis(at.rowStep);
  return at.origin[axis] ?? 0;
}

/** What names a source image in a SEG: its SOP Instance UID, and its frame number in a multi-frame one. */
export const sourceImageKey = (uid: string, frameNumber?: number | null): string =>
  frameNumber ? `${uid}#${frameNumber}` : uid;

/**
 * One image a slice: a 4D series has one at each position per volume (single-frame files, or the frames
 * of one multi-frame file per volume); the first of each slice, in the series' order, stands for the
 * others, so a SEG drawn on the grid has one frame per segment per slice.
 */
export function firstPerSlice(placed: readonly PlacedInstance[]): PlacedInstance[] {
  const seen = new Set<number>();
  return placed.filter((at) => {
    const slice = sliceOf(at);
    if (seen.has(slice)) return false;
    seen.add(slice);
    return true;
  });
}
