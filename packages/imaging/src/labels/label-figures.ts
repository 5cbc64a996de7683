import type { LabelVolume } from './label-volume';

export interface LabelFigure {
  value: number;
  voxels: number;
  /** voxels x voxel volume, in mL (1 mL = 1,000 mm³) */
  volumeMl: number;
}

/**
 * Voxel count and volume of every non-zero label value present, by value, in one pass over the mask
 * (a histogram: one increment a voxel, no branch).
 */
export function labelFigures(volume: LabelVolume): LabelFigure[] {
  const { data, spacing } = volume;
  const counts = new Uint32Array(data instanceof Uint16Array ? 0x10000 : 0x100);
  for (let i = 0; i < data.length; i++) counts[data[i]!]!++;
  const voxelMl = (spacing[0] * spacing[1] * spacing[2]) / 1000;
  const figures: LabelFigure[] = [];
  for (let value = 1; value < counts.length; value++) {
    const voxels = counts[value]!;
    if (voxels > 0) figures.push({ value, voxels, volumeMl: voxels * voxelMl });
  }
  return figures;
}
