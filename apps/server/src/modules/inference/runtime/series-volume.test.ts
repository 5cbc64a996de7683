import { describe, expect, it } from 'vitest';
import { syntheticNifti } from '../../../../test/synthetic-nifti';
import { readSeriesVolume } from './series-volume';

describe('readSeriesVolume', () => {
  it('reads an int16 volume as a view over the file, with its voxel size and scaling', () => {
    const file = syntheticNifti(4, 3, 2, (x, y, z) => x - y + 10 * z).slice().buffer;
    const view = new DataView(file);
    view.setFloat32(112, 2, true); // scl_slope
    view.setFloat32(116, -1, true); // scl_inter
    const volume = readSeriesVolume(file, 1);
    expect(volume.dims).toEqual([4, 3, 2]);
    expect(volume.spacing.map((s) => Number(s.toFixed(4)))).toEqual([0.8, 0.8, 2]);
    expect([volume.slope, volume.intercept]).toEqual([2, -1]);
    const [channel] = volume.channels;
    expect(channel).toBeInstanceOf(Int16Array);
    expect((channel as Int16Array).buffer).toBe(file);
    expect(channel?.[4 * 3 + 4 + 1]).toBe(1 - 1 + 10);
  });

  it('refuses a model that reads more channels than the series has volumes', () => {
    expect(() => readSeriesVolume(syntheticNifti(2, 2, 2).slice().buffer, 2)).toThrow(
      'The model reads 2 channels; the series has 1 volumes.',
    );
  });
});
