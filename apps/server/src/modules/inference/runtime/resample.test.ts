import { describe, expect, it } from 'vitest';
import { resampledDims, resampleLinear, resampleNearest } from './resample';
import type { Dims } from './series-volume';

const ramp = (dims: Dims, value: (x: number, y: number, z: number) => number) => {
  const out = new Float32Array(dims[0] * dims[1] * dims[2]);
  let at = 0;
  for (let z = 0; z < dims[2]; z++)
    for (let y = 0; y < dims[1]; y++) for (let x = 0; x < dims[0]; x++) out[at++] = value(x, y, z);
  return out;
};

describe('resampledDims', () => {
  it('keeps the extent at the target spacing, rounding, at least one voxel', () => {
    expect(resampledDims([122, 101, 30], [3, 3, 3], [1.5, 1.5, 1.5])).toEqual([244, 202, 60]);
    expect(resampledDims([512, 512, 300], [0.98, 0.98, 2], [1.5, 1.5, 1.5])).toEqual([335, 335, 400]);
    expect(resampledDims([2, 2, 1], [1, 1, 1], [5, 5, 5])).toEqual([1, 1, 1]);
  });
});

describe('resampleLinear', () => {
  it('is the identity (with the scaling) on the same grid', () => {
    const source = new Int16Array([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Array.from(resampleLinear(source, [2, 2, 2], [2, 2, 2], 2, -1))).toEqual([
      1, 3, 5, 7, 9, 11, 13, 15,
    ]);
  });

  it('keeps a linear ramp linear between the first and last voxel centres', () => {
    const from: Dims = [4, 3, 2];
    const source = ramp(from, (x, y, z) => x + 10 * y + 100 * z);
    const out = resampleLinear(source, from, [8, 6, 4]);
    // Target voxel x sits at source (x + 0.5) / 2 - 0.5, clamped to [0, 3].
    const at = (i: number, n: number, m: number) => Math.min(n - 1, Math.max(0, ((i + 0.5) * n) / m - 0.5));
    const expected = ramp([8, 6, 4], (x, y, z) => at(x, 4, 8) + 10 * at(y, 3, 6) + 100 * at(z, 2, 4));
    out.forEach((v, i) => expect(v).toBeCloseTo(expected[i] ?? NaN, 4));
  });
});

describe('resampleNearest', () => {
  it('comes back to the same labels after going to a grid twice as fine', () => {
    const from: Dims = [5, 4, 3];
    const labels = Uint8Array.from(ramp(from, (x, y, z) => (x * 7 + y * 3 + z) % 4));
    const fine = resampleNearest(labels, from, [10, 8, 6]);
    expect(fine).toBeInstanceOf(Uint8Array);
    expect(Array.from(resampleNearest(fine, [10, 8, 6], from))).toEqual(Array.from(labels));
  });

  it('keeps the label type', () => {
    expect(resampleNearest(new Uint16Array([300, 301]), [2, 1, 1], [4, 1, 1])).toEqual(
      new Uint16Array([300, 300, 301, 301]),
    );
  });
});
