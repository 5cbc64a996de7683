import type { LabelArray, LabelVolume } from './label-volume';

export interface LabelFigure {
  value: number;
  voxels: number;
  /** voxels x voxel volume, in mL (1 mL = 1,000 mm³) */
  volumeMl: number;
}

/**
 * Voxel count and volume of every non-zero label value present, by value, in one pass over the mask.
 * A mask is mostly background, so the pass reads it four bytes at a time and counts the labels only in
 * words that are not all zero (a histogram does not care about byte order).
 */
export function labelFigures(volume: LabelVolume): LabelFigure[] {
  const { data, spacing } = volume;
  const counts = countLabels(data);
  const voxelMl = (spacing[0] * spacing[1] * spacing[2]) / 1000;
  const figures: LabelFigure[] = [];
  for (let value = 1; value < counts.length; value++) {
    const voxels = counts[value]!;
    if (voxels > 0) figures.push({ value, voxels, volumeMl: voxels * voxelMl });
  }
  return figures;
}

function countLabels(data: LabelArray): Uint32Array {
  const wide = data instanceof Uint16Array;
  const counts = new Uint32Array(wide ? 0x10000 : 0x100);
  const perWord = wide ? 2 : 4;
  const head = ((4 - (data.byteOffset % 4)) % 4) / data.BYTES_PER_ELEMENT;
  const words = Math.max(0, Math.floor((data.length - head) / perWord));
  if (words === 0) {
    for (let i = 0; i < data.length; i++) counts[data[i]!]!++;
    return counts;
  }
  // Voxels before the first 4-byte boundary and after the last whole word are counted one by one.
  const tail = head + words * perWord;
  for (let i = 0; i < head; i++) counts[data[i]!]!++;
  for (let i = tail; i < data.length; i++) counts[data[i]!]!++;
  const view = new Uint32Array(data.buffer, data.byteOffset + head * data.BYTES_PER_ELEMENT, words);
  if (wide) {
    for (let k = 0; k < words; k++) {
      const w = view[k]!;
      if (w === 0) continue;
      // Inside a segment both voxels of a word are alike: one add instead of two dependent increments.
      if (w === (w & 0xffff) * 0x10001) {
        counts[w & 0xffff]! += 2;
        continue;
      }
      counts[w & 0xffff]!++;
      counts[w >>> 16]!++;
    }
  } else {
    for (let k = 0; k < words; k++) {
      const w = view[k]!;
      if (w === 0) continue;
      if (w === (w & 0xff) * 0x01010101) {
        counts[w & 0xff]! += 4;
        continue;
      }
      counts[w & 0xff]!++;
      counts[(w >>> 8) & 0xff]!++;
      counts[(w >>> 16) & 0xff]!++;
      counts[w >>> 24]!++;
    }
  }
  return counts;
}
