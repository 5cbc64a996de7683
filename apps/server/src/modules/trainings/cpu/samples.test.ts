import { describe, expect, it } from 'vitest';
import { seededRandom } from './random';
import { classCounts, classIndices, cropSlice, splitCases, type PreparedCase } from './samples';

/** A case of `dims` whose voxel i holds i (channel) and i % classes (class). */
function fakeCase(dims: [number, number, number], classes = 2): PreparedCase {
  const n = dims[0] * dims[1] * dims[2];
  return {
    dims,
    channels: [Float32Array.from({ length: n }, (_, i) => i)],
    fill: [-1],
    classes: Uint8Array.from({ length: n }, (_, i) => i % classes),
  };
}

describe('classIndices', () => {
  it('maps each segment value to its output channel, and values the model does not segment to 0', () => {
    expect([...classIndices([0, 5, 2, 7, 5, 3], [0, 2, 5])]).toEqual([0, 2, 1, 0, 2, 0]);
  });
});

describe('splitCases', () => {
  const cases = [4, 5, 6, 7, 8].map((z) => fakeCase([2, 2, z]));

  it('holds out whole cases, at least one each way, the same ones for the same seed', () => {
    const split = splitCases(cases, 0.2, seededRandom(9));
    const held = new Set(split.validation.map((s) => s.caseIndex));
    expect(held.size).toBe(1);
    expect(split.train.some((s) => held.has(s.caseIndex))).toBe(false);
    expect(split.train.length + split.validation.length).toBe(4 + 5 + 6 + 7 + 8);
    expect(splitCases(cases, 0.2, seededRandom(9))).toEqual(split);
    expect(
      new Set(splitCases(cases.slice(0, 2), 0.05, seededRandom(2)).validation.map((s) => s.caseIndex)).size,
    ).toBe(1);
  });

  it('holds out the last slices of a single case', () => {
    const split = splitCases([fakeCase([2, 2, 10])], 0.2, seededRandom(1));
    expect(split.train.map((s) => s.z)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(split.validation.map((s) => s.z)).toEqual([8, 9]);
  });

  it('refuses what cannot be split', () => {
    expect(() => splitCases([], 0.2, seededRandom(1))).toThrow(/no cases/);
    expect(() => splitCases([fakeCase([2, 2, 1])], 0.2, seededRandom(1))).toThrow(/cannot be split/);
  });
});

describe('classCounts', () => {
  it('counts each class over the given slices only', () => {
    const c = fakeCase([2, 2, 3], 3);
    // Slice 1 holds voxels 4..7: classes 1, 2, 0, 1.
    expect(classCounts([c], [{ caseIndex: 0, z: 1 }], 3)).toEqual([1, 2, 1]);
  });
});

describe('cropSlice', () => {
  it('copies the window NHWC and fills what lies past the slice with the fill and class 0', () => {
    const c = fakeCase([3, 2, 2]);
    const [image, labels] = [new Float32Array(2 * 2 * 2), new Int32Array(2 * 2 * 2)];
    // Item 1, slice 1 (voxels 6..11), window at x 2, y 0: (2,0) = 8, (3,0) past, (2,1) = 11, (3,1) past.
    cropSlice(c, 1, [2, 0], [2, 2], 1, image, labels);
    expect([...image.subarray(4)]).toEqual([8, -1, 11, -1]);
    expect([...labels.subarray(4)]).toEqual([0, 0, 1, 0]);
    expect([...image.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
  });
});
