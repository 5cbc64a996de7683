import { PET_COLORMAP } from './colormap';
import type { Display } from './display';
import type { PixelFrame } from './pixel-frame';

/**
 * RGBA bytes of a frame, ready for an ImageData. Grey values are rescaled and windowed linearly; values
 * that are not numbers (NaN voxels) are black. Colour frames are shown as they are.
 */
export function renderRgba(frame: PixelFrame, display: Display): Uint8ClampedArray<ArrayBuffer> {
  const pixels = frame.width * frame.height;
  const rgba = new Uint8ClampedArray(pixels * 4);
  if (frame.kind === 'rgb') {
    for (let p = 0; p < pixels; p++) {
      rgba.set(frame.rgb.subarray(3 * p, 3 * p + 3), 4 * p);
      rgba[4 * p + 3] = 255;
    }
    return rgba;
  }
  const { rescaleSlope, rescaleIntercept, low, high, invert } = display;
  const scale = high > low ? 255 / (high - low) : 0;
  const colours = display.colormap === 'pet' ? PET_COLORMAP : null;
  for (let p = 0; p < pixels; p++) {
    const value = (frame.values[p] as number) * rescaleSlope + rescaleIntercept;
    const windowed = Math.round(Math.min(Math.max((value - low) * scale, 0), 255));
    const level = Number.isNaN(value) ? 0 : invert ? 255 - windowed : windowed;
    const target = 4 * p;
    if (colours) rgba.set(colours.subarray(3 * level, 3 * level + 3), target);
    else rgba[target] = rgba[target + 1] = rgba[target + 2] = level;
    rgba[target + 3] = 255;
  }
  return rgba;
}
