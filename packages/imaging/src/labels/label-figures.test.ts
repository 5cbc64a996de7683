import { describe, expect, it } from 'vitest';
import { labelFigures } from './label-figures';
import { blankVolume } from './test-volume';

describe('labelFigures', () => {
  it('counts each value and its volume in mL from the voxel spacing', () => {
    const v = blankVolume([10, 10, 10], [0.5, 0.8, 2.5]);
    v.data.fill(1, 0, 400);
    v.data.fill(3, 400, 401);
    // voxel = 1 mm³
    expect(labelFigures(v)).toEqual([
      { value: 1, voxels: 400, volumeMl: 0.4 },
      { value: 3, voxels: 1, volumeMl: 0.001 },
    ]);
  });

  it('reports nothing for an empty mask', () => {
    expect(labelFigures(blankVolume([3, 3, 3]))).toEqual([]);
  });

  it('counts values above 255 in a uint16 mask, the last value included', () => {
    const v = blankVolume([4, 4, 4], [1, 1, 1], 'u16');
    v.data[0] = 300;
    v.data[63] = 65535;
    expect(labelFigures(v).map((f) => [f.value, f.voxels])).toEqual([
      [300, 1],
      [65535, 1],
    ]);
  });
});

describe('labelFigures on a view into a larger buffer', () => {
  it('counts every voxel whatever the alignment and length (NIfTI data after its header)', () => {
    for (const type of ['u8', 'u16'] as const) {
      for (const offset of [0, 1, 2, 3]) {
        for (const length of [1, 3, 7, 13]) {
          const buffer = new ArrayBuffer(64);
          const data =
            type === 'u8'
              ? new Uint8Array(buffer, offset, length)
              : new Uint16Array(buffer, offset * 2, length);
          for (let i = 0; i < length; i++) data[i] = (i % 3) + 1;
          new Uint8Array(buffer).fill(9, 0, data.byteOffset); // bytes before the view must not count
          const figures = labelFigures({ data, dims: [length, 1, 1], spacing: [1, 1, 1] });
          const expected = [1, 2, 3].map((v) => Array.from(data).filter((x) => x === v).length);
          expect(figures.map((f) => f.voxels)).toEqual(expected.filter((n) => n > 0));
        }
      }
    }
  });
});

describe('labelFigures on runs of one value', () => {
  it('counts whole words of one label in uint8 and uint16 masks', () => {
    for (const data of [new Uint8Array(64), new Uint16Array(64)]) {
      data.fill(7, 3, 50);
      data.fill(9, 50, 64);
      const figures = labelFigures({ data, dims: [4, 4, 4], spacing: [1, 1, 1] });
      expect(figures.map((f) => [f.value, f.voxels])).toEqual([
        [7, 47],
        [9, 14],
      ]);
    }
  });
});
