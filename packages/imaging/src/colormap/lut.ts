/** A colour map as NiiVue takes it: control points at intensities I (0..255, ascending) with R, G, B, A. */
export interface ColormapPoints {
  R: readonly number[];
  G: readonly number[];
  B: readonly number[];
  A: readonly number[];
  I: readonly number[];
}

export const LUT_ENTRIES = 256;

/**
 * The 256 RGBA entries (1024 bytes) a colour map stands for, computed as NiiVue's `makeLut` does: each
 * channel linear between neighbouring points, rounded by Uint8ClampedArray; entries below the first
 * point and above the last stay transparent black. A preview drawn from it is what the viewer shows.
 */
export function colormapLut(c: ColormapPoints): Uint8ClampedArray<ArrayBuffer> {
  const lut = new Uint8ClampedArray(LUT_ENTRIES * 4);
  const channels = [c.R, c.G, c.B, c.A];
  for (let p = 0; p + 1 < c.I.length; p++) {
    const lo = clampIndex(c.I[p] ?? 0);
    const hi = clampIndex(c.I[p + 1] ?? 0);
    for (let j = lo; j <= hi; j++) {
      const f = hi === lo ? 0 : (j - lo) / (hi - lo);
      channels.forEach((values, k) => {
        const from = values[p] ?? 0;
        lut[j * 4 + k] = from + f * ((values[p + 1] ?? 0) - from);
      });
    }
  }
  return lut;
}

const clampIndex = (i: number) => Math.min(LUT_ENTRIES - 1, Math.max(0, Math.round(i)));
