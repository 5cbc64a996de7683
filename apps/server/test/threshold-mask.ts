import { gunzipSync, gzipSync } from 'node:zlib';
import { readNiftiVolume } from '@voxa/imaging';

/**
 * A label map on a series' grid (its NIfTI header, one uint8 volume): 1 where the voxel is above `hu`,
 * else 0, gzipped. What the training tests import as masks: a body as a HU threshold sees it.
 */
export function thresholdLabelMap(series: Uint8Array, hu: number): Buffer {
  return bandLabelMap(series, [{ above: hu, value: 1 }]);
}

/**
 * A label map of HU bands: each voxel takes the value of the first band (highest threshold first) it is
 * above, else 0. Two bands make a mask with two labels of any values.
 */
export function bandLabelMap(series: Uint8Array, bands: readonly { above: number; value: number }[]): Buffer {
  const file = series[0] === 0x1f && series[1] === 0x8b ? gunzipSync(series) : Buffer.from(series);
  const read = readNiftiVolume(new Uint8Array(file).buffer);
  if (!read.ok) throw new Error(read.error);
  const { width, height, slices, voxel } = read.volume;
  const voxels = width * height * slices;
  const map = Buffer.alloc(352 + voxels);
  file.copy(map, 0, 0, 348);
  map.writeInt16LE(3, 40); // dim[0]: one volume
  for (let i = 4; i <= 7; i++) map.writeInt16LE(1, 40 + 2 * i);
  map.writeInt16LE(2, 70); // uint8
  map.writeInt16LE(8, 72);
  map.writeFloatLE(352, 108); // vox_offset
  map.writeFloatLE(1, 112); // scl_slope
  map.writeFloatLE(0, 116); // scl_inter
  for (let i = 0; i < voxels; i++) {
    const v = voxel(i);
    map[352 + i] = bands.find((b) => v > b.above)?.value ?? 0;
  }
  return gzipSync(map);
}
