import { describe, expect, it } from 'vitest';
import type { Dims } from './series-volume';
import { slabAccumulator } from './slab-accumulator';
import { gaussianWeights, windowGrid } from './sliding-window';

/** A seeded generator, so a failure repeats. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31 - 0.5;
  };
}

/** The same sum over the whole volume at once, then argmax: what the slab must agree with. */
function wholeVolume(
  dims: Dims,
  patch: Dims,
  starts: Dims[],
  patches: Float32Array[],
  weights: Float32Array,
  values: number[],
) {
  const voxels = dims[0] * dims[1] * dims[2];
  const sums = values.map(() => new Float64Array(voxels));
  starts.forEach(([x0, y0, z0], p) => {
    values.forEach((_, c) => {
      for (let z = 0; z < patch[2]; z++)
        for (let y = 0; y < patch[1]; y++)
          for (let x = 0; x < patch[0]; x++) {
            const [gx, gy, gz] = [x0 + x, y0 + y, z0 + z];
            if (gx >= dims[0] || gy >= dims[1] || gz >= dims[2]) continue;
            const local = (z * patch[1] + y) * patch[0] + x;
            const sum = sums[c] as Float64Array;
            sum[(gz * dims[1] + gy) * dims[0] + gx]! +=
              (weights[local] ?? 0) * (patches[p]?.[c * patch[0] * patch[1] * patch[2] + local] ?? 0);
          }
    });
  });
  return Array.from({ length: voxels }, (_, v) => {
    let best = 0;
    values.forEach((_, c) => {
      if ((sums[c]?.[v] ?? 0) > (sums[best]?.[v] ?? 0)) best = c;
    });
    return values[best];
  });
}

describe('slabAccumulator', () => {
  it.each([
    ['overlapping patches', [13, 11, 17] as Dims, [6, 5, 7] as Dims, 0.5],
    ['a volume smaller than the patch', [4, 3, 2] as Dims, [6, 5, 7] as Dims, 0.5],
    ['patches that just touch', [12, 10, 14] as Dims, [6, 5, 7] as Dims, 0],
  ])('gives the argmax of the whole volume’s weighted sums: %s', (_, dims, patch, overlap) => {
    const values = [0, 3, 7];
    const next = random(7);
    const starts = windowGrid(dims, patch, overlap);
    const weights = gaussianWeights(patch);
    const size = values.length * patch[0] * patch[1] * patch[2];
    const patches = starts.map(() => Float32Array.from({ length: size }, next));
    const accumulator = slabAccumulator(dims, patch, values);
    starts.forEach((start, i) => accumulator.add(start, patches[i] as Float32Array, weights));
    const labels = accumulator.finish();
    expect(labels).toBeInstanceOf(Uint8Array);
    expect(Array.from(labels)).toEqual(wholeVolume(dims, patch, starts, patches, weights, values));
  });

  it('answers 16-bit labels for values past 255, and refuses patches out of z order', () => {
    const accumulator = slabAccumulator([2, 2, 4], [2, 2, 2], [0, 300]);
    const logits = new Float32Array([...Array(8).fill(0), ...Array(8).fill(1)]);
    const weights = new Float32Array(8).fill(1);
    accumulator.add([0, 0, 2], logits, weights);
    expect(() => accumulator.add([0, 0, 0], logits, weights)).toThrow('z order');
    const labels = accumulator.finish();
    expect(labels).toBeInstanceOf(Uint16Array);
    expect(Array.from(labels)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 300, 300, 300, 300, 300, 300, 300, 300]);
  });
});
