/**
 * The frame of a hover strip under the pointer: the image's width split evenly between the frames,
 * left to right. x is measured from the image's left edge; outside the image it clamps to the ends.
 */
export function frameAt(x: number, width: number, frames: number): number {
  if (frames <= 1 || width <= 0) return 0;
  const index = Math.floor((x / width) * frames);
  return Math.min(frames - 1, Math.max(0, index));
}
