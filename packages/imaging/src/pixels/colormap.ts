/** A 256-entry RGB lookup table, index = grey level. */
export type Colormap = Uint8ClampedArray;

/** Colour stops of the PET map (black, blue, red, yellow, white), as grey level -> RGB. */
const PET_STOPS: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 0, 0],
  [64, 0, 0, 160],
  [128, 200, 0, 40],
  [192, 255, 190, 0],
  [255, 255, 255, 255],
];

function interpolate(stops: typeof PET_STOPS): Colormap {
  const table = new Uint8ClampedArray(256 * 3);
  for (let level = 0; level < 256; level++) {
    const upper = stops.findIndex(([at]) => at >= level);
    const high = stops[upper] as (typeof stops)[number];
    const low = stops[Math.max(upper - 1, 0)] as (typeof stops)[number];
    const t = high[0] === low[0] ? 0 : (level - low[0]) / (high[0] - low[0]);
    for (let c = 1; c <= 3; c++)
      table[3 * level + c - 1] = (low[c] as number) + t * ((high[c] as number) - (low[c] as number));
  }
  return table;
}

export const PET_COLORMAP: Colormap = interpolate(PET_STOPS);
