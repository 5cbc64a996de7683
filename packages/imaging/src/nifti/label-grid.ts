/**
 * Whether an imported label map lies on a series' voxel grid (docs/decisions/0032): the same three
 * dimensions and the same affine within a small tolerance. Only the first volume of a 4D series counts,
 * and a label map is one volume. The grid is the affine readers place voxels with, its voxel sizes the
 * lengths of its columns: never pixdim, which a sheared affine (a gantry-tilted CT as dcm2niix writes it)
 * contradicts, so a worker writing on the affine it was handed fits (decision 0087).
 */
export interface NiftiGrid {
  /** NIfTI dim[]: dim[0] is the number of dimensions. */
  dims: readonly number[];
  /** The voxel-to-world matrix a reader places the voxels with (qform or sform). */
  affine: readonly (readonly number[])[];
  qform_code: number;
  sform_code: number;
}

/** Relative tolerance of voxel sizes and of the affine's rotation and zoom. */
const LINEAR_TOLERANCE = 1e-4;
/** Absolute tolerance of the affine's translation, in mm (float32 holds ~1e-4 mm at 1 m). */
const OFFSET_TOLERANCE_MM = 1e-3;

const near = (a: number, b: number, tolerance: number) =>
  Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b));

const fmt = (values: readonly number[]) => values.map((v) => Number(v.toFixed(4))).join(' x ');

/** Volumes past the first three dimensions. */
export function volumesOf(dims: readonly number[]): number {
  let count = 1;
  for (let axis = 4; axis <= (dims[0] ?? 0); axis++) count *= dims[axis] ?? 1;
  return count;
}

/** The voxel sizes of a grid: the lengths of its affine's first three columns, in mm. */
export function voxelSizes(grid: Pick<NiftiGrid, 'affine'>): number[] {
  return [0, 1, 2].map((col) => Math.hypot(...[0, 1, 2].map((row) => grid.affine[row]?.[col] ?? NaN)));
}

/** Null when the label map fits the series' grid, else why not (a message for the user). */
export function gridMismatch(labels: NiftiGrid, series: NiftiGrid): string | null {
  const volumes = volumesOf(labels.dims);
  if (volumes !== 1) return `The label map holds ${volumes} volumes; one is expected.`;
  const [size, seriesSize] = [labels, series].map((g) => [1, 2, 3].map((i) => g.dims[i] ?? 1)) as [
    number[],
    number[],
  ];
  if (size.some((d, i) => d !== seriesSize[i]))
    return `The label map is ${fmt(size)} voxels; the series is ${fmt(seriesSize)}.`;
  const [spacing, seriesSpacing] = [labels, series].map(voxelSizes) as [number[], number[]];
  if (spacing.some((p, i) => !near(p, seriesSpacing[i] ?? NaN, LINEAR_TOLERANCE)))
    return `The label map’s voxels are ${fmt(spacing)} mm; the series’ are ${fmt(seriesSpacing)} mm.`;
  if (labels.qform_code <= 0 && labels.sform_code <= 0)
    return 'The label map has no orientation (its qform and sform codes are 0).';
  for (let row = 0; row < 3; row++)
    for (let col = 0; col < 4; col++) {
      const a = labels.affine[row]?.[col] ?? NaN;
      const b = series.affine[row]?.[col] ?? NaN;
      const fits = col === 3 ? Math.abs(a - b) <= OFFSET_TOLERANCE_MM : near(a, b, LINEAR_TOLERANCE);
      if (!fits) return 'The label map lies elsewhere in space than the series (their affines differ).';
    }
  return null;
}
