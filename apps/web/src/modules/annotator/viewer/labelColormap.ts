import type { LabelColour } from './labelLayer';

/** A label map's colours in NiiVue's label form: each value its colour, hidden ones and 0 transparent. */
export function labelColormap(colours: readonly LabelColour[]) {
  const sorted = [{ value: 0, rgb: [0, 0, 0] as const, visible: false }, ...colours].sort(
    (a, b) => a.value - b.value,
  );
  return {
    I: sorted.map((c) => c.value),
    R: sorted.map((c) => c.rgb[0]),
    G: sorted.map((c) => c.rgb[1]),
    B: sorted.map((c) => c.rgb[2]),
    A: sorted.map((c) => (c.visible && c.value !== 0 ? 255 : 0)),
  };
}

/** '#rrggbb' as its three channels. */
export const hexRgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
