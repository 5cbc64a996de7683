import { SLIDESHOW_FRAMES } from '@voxa/contracts';

/** Longest side of a slideshow frame: a list thumbnail, a quarter of the upload page's preview. */
export const SLIDESHOW_MAX_SIDE = 256;

/** Slices a slideshow shows: `frames` evenly spaced through the volume (each the middle of its share). */
export function slideshowSlices(slices: number, frames = SLIDESHOW_FRAMES): number[] {
  if (!Number.isInteger(slices) || slices < 1) return [];
  if (slices <= frames) return Array.from({ length: slices }, (_, i) => i);
  return Array.from({ length: frames }, (_, i) => Math.floor(((i + 0.5) * slices) / frames));
}

/** The size a frame is drawn at: square pixels, at most `maxSide` on the longest side. */
export function frameSize(
  width: number,
  height: number,
  [columnSpacing, rowSpacing]: [number, number],
  maxSide = SLIDESHOW_MAX_SIDE,
): { width: number; height: number } {
  const valid = (s: number) => (Number.isFinite(s) && s > 0 ? s : 1);
  const unit = Math.min(valid(columnSpacing), valid(rowSpacing));
  const physical = [(width * valid(columnSpacing)) / unit, (height * valid(rowSpacing)) / unit] as const;
  const scale = Math.min(1, maxSide / Math.max(...physical));
  return {
    width: Math.max(1, Math.round(physical[0] * scale)),
    height: Math.max(1, Math.round(physical[1] * scale)),
  };
}

/** RGBA resampled to another size by the nearest pixel (thumbnails of smooth images need no more). */
export function resampleNearest(
  rgba: Uint8Array,
  width: number,
  height: number,
  target: { width: number; height: number },
): Uint8Array {
  if (target.width === width && target.height === height) return rgba;
  const out = new Uint8Array(target.width * target.height * 4);
  for (let y = 0; y < target.height; y++) {
    const sy = Math.min(height - 1, Math.floor(((y + 0.5) * height) / target.height));
    for (let x = 0; x < target.width; x++) {
      const sx = Math.min(width - 1, Math.floor(((x + 0.5) * width) / target.width));
      out.set(rgba.subarray((sy * width + sx) * 4, (sy * width + sx) * 4 + 4), (y * target.width + x) * 4);
    }
  }
  return out;
}
