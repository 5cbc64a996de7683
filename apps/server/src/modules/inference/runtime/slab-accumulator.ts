import type { Dims } from './series-volume';

/**
 * Weighted logits summed over overlapping patches, then argmax to label values (docs/decisions/0044).
 * Only a slab one patch deep is kept: patches come z row by z row, and the slices below the next row's
 * start are final, so they are turned into labels and their logits dropped. Memory is channels x patch
 * depth x rows x columns floats, not channels x the whole volume. The argmax needs no division by the
 * summed weights: it is the same for any positive scale of a voxel's logits.
 */
export interface SlabAccumulator {
  /** Adds one patch's logits (NCDHW, batch 1) at `start`, times the patch weights. */
  add(start: Dims, logits: Float32Array, weights: Float32Array): void;
  /** The labels of every voxel, once every patch is in. */
  finish(): Uint8Array | Uint16Array;
}

export function slabAccumulator(dims: Dims, patch: Dims, segmentValues: readonly number[]): SlabAccumulator {
  const [nx, ny, nz] = dims;
  const [px, py, pz] = patch;
  const channels = segmentValues.length;
  const plane = nx * ny;
  const depth = Math.min(pz, nz);
  const slab = depth * plane;
  const sums = new Float32Array(channels * slab);
  const labels = Math.max(...segmentValues) > 255 ? new Uint16Array(plane * nz) : new Uint8Array(plane * nz);
  let base = 0;

  /** Turns the slab's first `count` slices into labels (first channel wins ties). */
  function settle(count: number): void {
    const voxels = Math.min(count, nz - base) * plane;
    const offset = base * plane;
    for (let v = 0; v < voxels; v++) {
      let best = 0;
      let top = sums[v]!;
      for (let c = 1; c < channels; c++) {
        const value = sums[c * slab + v]!;
        if (value > top) [best, top] = [c, value];
      }
      labels[offset + v] = segmentValues[best] ?? 0;
    }
  }

  function advanceTo(z: number): void {
    const count = Math.min(z - base, depth);
    settle(count);
    for (let c = 0; c < channels; c++) {
      sums.copyWithin(c * slab, c * slab + count * plane, (c + 1) * slab);
      sums.fill(0, c * slab + (depth - count) * plane, (c + 1) * slab);
    }
    base = z;
  }

  return {
    add(start, logits, weights) {
      if (start[2] < base) throw new Error('Patches must come in z order.');
      if (start[2] > base) advanceTo(start[2]);
      const [x0, y0, z0] = start;
      const [width, height, deep] = [Math.min(px, nx - x0), Math.min(py, ny - y0), Math.min(pz, nz - z0)];
      for (let c = 0; c < channels; c++)
        for (let z = 0; z < deep; z++)
          for (let y = 0; y < height; y++) {
            const target = c * slab + (z * ny + y0 + y) * nx + x0;
            const source = ((c * pz + z) * py + y) * px;
            const weight = (z * py + y) * px;
            // Indices stay inside the patch and the slab by the bounds above.
            for (let x = 0; x < width; x++) sums[target + x]! += weights[weight + x]! * logits[source + x]!;
          }
    },
    finish() {
      settle(nz - base);
      return labels;
    },
  };
}
