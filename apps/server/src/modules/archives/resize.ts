/**
 * RGBA pixels resampled to another size, bilinearly (sample points at pixel centres), as a canvas draws
 * an image at preview size. The same size gives the pixels back unchanged.
 */
export function resizeRgba(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  toWidth: number,
  toHeight: number,
): Uint8Array {
  if (toWidth === width && toHeight === height) return new Uint8Array(rgba);
  const out = new Uint8Array(toWidth * toHeight * 4);
  const [sx, sy] = [width / toWidth, height / toHeight];
  for (let y = 0; y < toHeight; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), height - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, height - 1);
    const wy = fy - y0;
    for (let x = 0; x < toWidth; x++) {
      const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), width - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(x0 + 1, width - 1);
      const wx = fx - x0;
      for (let c = 0; c < 4; c++) {
        const at = (px: number, py: number) => rgba[(py * width + px) * 4 + c] as number;
        const top = at(x0, y0) * (1 - wx) + at(x1, y0) * wx;
        const bottom = at(x0, y1) * (1 - wx) + at(x1, y1) * wx;
        out[(y * toWidth + x) * 4 + c] = Math.round(top * (1 - wy) + bottom * wy);
      }
    }
  }
  return out;
}
