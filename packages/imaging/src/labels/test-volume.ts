import { labelVolume, voxelIndex, type LabelVolume, type Vec3 } from './label-volume';

/** Test helpers: a blank mask, and the set of painted voxels as coordinates. */
export function blankVolume(dims: Vec3, spacing: Vec3 = [1, 1, 1], type: 'u8' | 'u16' = 'u8'): LabelVolume {
  const n = dims[0] * dims[1] * dims[2];
  return labelVolume(type === 'u8' ? new Uint8Array(n) : new Uint16Array(n), dims, spacing);
}

export function setVoxel(volume: LabelVolume, p: Vec3, value: number): void {
  volume.data[voxelIndex(volume.dims, ...p)] = value;
}

export function getVoxel(volume: LabelVolume, p: Vec3): number {
  return volume.data[voxelIndex(volume.dims, ...p)]!;
}

/** Coordinates of the voxels holding `value`, as "x,y,z" strings, sorted: easy to compare. */
export function voxelsOf(volume: LabelVolume, value: number): string[] {
  const [nx, ny] = volume.dims;
  const out: string[] = [];
  volume.data.forEach((v, i) => {
    if (v === value) out.push(`${i % nx},${Math.floor(i / nx) % ny},${Math.floor(i / (nx * ny))}`);
  });
  return out.sort();
}

export function countOf(volume: LabelVolume, value: number): number {
  let n = 0;
  for (const v of volume.data) if (v === value) n++;
  return n;
}
