/**
 * The built-in transfer functions seeded by 0011 (docs/decisions/0038-transfer-functions.md). Windows are
 * the usual radiology teaching values, the ones the annotator's toolbar offers. Colour maps carry NiiVue's
 * names and follow their classic definitions (MATLAB's hot, winter, cool, copper and bone; matplotlib's
 * viridis, plasma and inferno through their published stops), as NiiVue control points.
 */

interface WindowPreset {
  name: string;
  width: number;
  center: number;
}

export const BUILT_IN_WINDOWS: readonly WindowPreset[] = [
  { name: 'CT soft tissue', width: 400, center: 40 },
  { name: 'CT lung', width: 1500, center: -600 },
  { name: 'CT bone', width: 2000, center: 300 },
  { name: 'CT brain', width: 80, center: 40 },
  { name: 'CT mediastinum', width: 350, center: 50 },
  { name: 'CT liver', width: 150, center: 30 },
];

interface ColormapPreset {
  name: string;
  colormap: { R: number[]; G: number[]; B: number[]; A: number[]; I: number[] };
}

/** Control points at intensities `I`, colours as `#rrggbb`; alpha rises with intensity (I / 2), NiiVue's habit. */
function stops(I: number[], colors: string[]): ColormapPreset['colormap'] {
  const channel = (offset: number) => colors.map((c) => parseInt(c.slice(offset, offset + 2), 16));
  return { R: channel(1), G: channel(3), B: channel(5), A: I.map((i) => Math.round(i / 2)), I };
}

const evenly = (n: number) => Array.from({ length: n }, (_, i) => Math.round((i * 255) / (n - 1)));

export const BUILT_IN_COLORMAPS: readonly ColormapPreset[] = [
  { name: 'gray', colormap: stops([0, 255], ['#000000', '#ffffff']) },
  { name: 'hot', colormap: stops([0, 95, 191, 255], ['#000000', '#ff0000', '#ffff00', '#ffffff']) },
  { name: 'winter', colormap: stops([0, 255], ['#0000ff', '#00ff80']) },
  { name: 'cool', colormap: stops([0, 255], ['#00ffff', '#ff00ff']) },
  { name: 'copper', colormap: stops([0, 204, 255], ['#000000', '#ff9f65', '#ffc77f']) },
  { name: 'bone', colormap: stops([0, 96, 191, 255], ['#000000', '#545474', '#a7c7c7', '#ffffff']) },
  { name: 'red', colormap: stops([0, 255], ['#000000', '#ff0000']) },
  { name: 'green', colormap: stops([0, 255], ['#000000', '#00ff00']) },
  { name: 'blue', colormap: stops([0, 255], ['#000000', '#0000ff']) },
  { name: 'viridis', colormap: stops(evenly(5), ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725']) },
  { name: 'plasma', colormap: stops(evenly(5), ['#0d0887', '#7e03a8', '#cc4778', '#f89540', '#f0f921']) },
  {
    name: 'inferno',
    colormap: stops(evenly(6), ['#000004', '#420a68', '#932667', '#dd513a', '#fca50a', '#fcffa4']),
  },
];
