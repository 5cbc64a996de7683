import type { Dims } from './series-volume';

/**
 * The sliding window (docs/decisions/0044), as nnU-Net does it: patches `overlap` apart spread evenly from
 * the first voxel to the last, each patch's logits weighted by a Gaussian centred on it (sigma 1/8 of the
 * patch) so patch borders, where a network sees least context, count least.
 */

/** Start of each window along one axis; one window at 0 when the axis is shorter than the patch. */
export function windowStarts(size: number, patch: number, overlap: number): number[] {
  if (size <= patch) return [0];
  const stride = Math.max(1, patch * (1 - overlap));
  const steps = Math.ceil((size - patch) / stride) + 1;
  return Array.from({ length: steps }, (_, i) => Math.round((i * (size - patch)) / (steps - 1)));
}

/** Window starts [x, y, z], z outermost: the order the slab accumulator needs. */
export function windowGrid(dims: Dims, patch: Dims, overlap: number): Dims[] {
  const [xs, ys, zs] = [0, 1, 2].map((axis) => windowStarts(dims[axis] ?? 1, patch[axis] ?? 1, overlap)) as [
    number[],
    number[],
    number[],
  ];
  return zs.flatMap((z) => ys.flatMap((y) => xs.map((x): Dims => [x, y, z])));
}

/** The patch's weights, x fastest; the smallest is floored at a positive value so every voxel counts. */
export function gaussianWeights(patch: Dims): Float32Array {
  const axis = (n: number) =>
    Float32Array.from({ length: n }, (_, i) => Math.exp(-(((i - (n - 1) / 2) / (n / 8)) ** 2) / 2));
  const [wx, wy, wz] = patch.map(axis) as [Float32Array, Float32Array, Float32Array];
  const weights = new Float32Array(patch[0] * patch[1] * patch[2]);
  let at = 0;
  for (let z = 0; z < patch[2]; z++)
    for (let y = 0; y < patch[1]; y++)
      for (let x = 0; x < patch[0]; x++) weights[at++] = (wz[z] ?? 0) * (wy[y] ?? 0) * (wx[x] ?? 0);
  let smallest = Infinity;
  for (const w of weights) if (w > 0 && w < smallest) smallest = w;
  for (let i = 0; i < weights.length; i++) if (!((weights[i] ?? 0) > 0)) weights[i] = smallest;
  return weights;
}

/**
 * Copies the patch at `start` of each channel into `out` (NCDHW, batch 1); voxels past the volume's end
 * (a volume smaller than the patch) take that channel's `fill`.
 */
export function extractPatch(
  channels: readonly Float32Array[],
  dims: Dims,
  start: Dims,
  patch: Dims,
  fill: readonly number[],
  out: Float32Array,
): void {
  const [nx, ny, nz] = dims;
  const [px, py, pz] = patch;
  const width = Math.min(px, nx - start[0]);
  let at = 0;
  channels.forEach((volume, c) => {
    const background = fill[c] ?? 0;
    for (let z = 0; z < pz; z++)
      for (let y = 0; y < py; y++) {
        const [sz, sy] = [start[2] + z, start[1] + y];
        if (sz >= nz || sy >= ny) {
          out.fill(background, at, at + px);
        } else {
          const row = (sz * ny + sy) * nx + start[0];
          out.set(volume.subarray(row, row + width), at);
          if (width < px) out.fill(background, at + width, at + px);
        }
        at += px;
      }
  });
}
