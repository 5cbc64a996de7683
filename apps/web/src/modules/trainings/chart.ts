/** A series of a line chart: its name, colour and (x, y) points. */
export interface ChartSeries {
  name: string;
  color: string;
  points: readonly { x: number; y: number }[];
}

export interface Scale {
  x: (v: number) => number;
  y: (v: number) => number;
  xMax: number;
  yMax: number;
}

/**
 * Maps data to a width × height box with `pad` around: x from 1 to the last x (at least 2, so one point
 * is not a zero-width range), y from 0 to the largest y (at least 1: Dice and a falling loss share it).
 */
export function scaleFor(series: readonly ChartSeries[], width: number, height: number, pad: number): Scale {
  const all = series.flatMap((s) => s.points);
  const xMax = Math.max(2, ...all.map((p) => p.x));
  const yMax = Math.max(1, ...all.map((p) => p.y));
  return {
    x: (v) => pad + ((v - 1) / (xMax - 1)) * (width - 2 * pad),
    y: (v) => height - pad - (v / yMax) * (height - 2 * pad),
    xMax,
    yMax,
  };
}

/** An SVG path through the points, in order. */
export function linePath(points: readonly { x: number; y: number }[], scale: Scale): string {
  return points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${scale.x(p.x).toFixed(1)},${scale.y(p.y).toFixed(1)}`)
    .join(' ');
}
