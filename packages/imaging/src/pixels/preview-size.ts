/** Longest side of a preview image; the tile is 160 px and its scaled view about twice that. */
export const PREVIEW_MAX_SIDE = 512;

/**
 * The size a preview is drawn at: square pixels (the larger spacing stretches its axis) and at most
 * PREVIEW_MAX_SIDE on the longest side.
 */
export function previewSize(
  width: number,
  height: number,
  [columnSpacing, rowSpacing]: [number, number] = [1, 1],
): { width: number; height: number } {
  const valid = (s: number) => (Number.isFinite(s) && s > 0 ? s : 1);
  const [sx, sy] = [valid(columnSpacing), valid(rowSpacing)];
  const unit = Math.min(sx, sy);
  const physical = { width: (width * sx) / unit, height: (height * sy) / unit };
  const scale = Math.min(1, PREVIEW_MAX_SIDE / Math.max(physical.width, physical.height));
  return {
    width: Math.max(1, Math.round(physical.width * scale)),
    height: Math.max(1, Math.round(physical.height * scale)),
  };
}
