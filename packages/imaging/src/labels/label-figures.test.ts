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
