import { displayForRange, niftiDisplayRange, niftiSlice, readNiftiVolume, renderRgba } from '@voxa/imaging';
import { encodePng } from '../../platform/png/encode';
import type { Storage, StorageKey } from '../../platform/storage';
import { seriesPartKey, slideshowFrameKey } from '../../platform/storage/layout';
import { frameSize, resampleNearest, slideshowSlices } from './slideshow-frames';
import { readForSlideshow } from './slideshow-read';

/**
 * Writes a series' slideshow once after it converts: PNG frames of evenly spaced slices of its first
 * NIfTI volume, windowed to the volume's own range, beside the NIfTI (`{folder}/slideshow/{n}.png`).
 * Returns how many frames were written (0 when the volume cannot be drawn).
 */
export async function writeSlideshow(
  storage: Storage,
  folder: StorageKey,
  niftiFile: string,
): Promise<number> {
  // Only what the frames need is read (a volume can be a gigabyte).
  const { bytes, sampleRange } = await readForSlideshow(
    await storage.path([...seriesPartKey(folder, 'nifti'), niftiFile]),
  );
  const read = readNiftiVolume(bytes);
  if (!read.ok) return 0;
  const { volume } = read;
  const display = displayForRange(niftiDisplayRange(volume, sampleRange));
  const size = frameSize(volume.width, volume.height, volume.spacing);
  const slices = slideshowSlices(volume.slices);
  await storage.remove(seriesPartKey(folder, 'slideshow'));
  for (const [frame, slice] of slices.entries()) {
    const rgba = renderRgba(niftiSlice(volume, slice), display);
    const scaled = resampleNearest(new Uint8Array(rgba.buffer), volume.width, volume.height, size);
    await storage.writeAtomic(slideshowFrameKey(folder, frame), encodePng(scaled, size.width, size.height));
  }
  return slices.length;
}
