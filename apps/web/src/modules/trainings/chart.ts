/** A series of a line chart: its name, colour and (x, y) points. */
export interface ChartSeries {
  name: string;
  color: string;
  points: readonly { x: number; y: number }[];
}

/** The drawing area inside the SVG: its size and the margins left for the axes' labels. */
export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface Scale {
  x: (v: number) => number;
  y: (v: number) => number;
  xMax: number;
  yMax: number;
}

/**
 * Maps data to the box: x from 1 to the larger of the last x and `xTo` (the early epochs, so a young
 * training's curve grows toward the right edge; at least 2, so one point is not a zero-width range), y from
 * 0 to the largest y (at least 1: Dice and a falling loss share it).
 */
export function scaleFor(series: readonly ChartSeries[], box: ChartBox, xTo = 0): Scale {
  const all = series.flatMap((s) => s.points);
  const xMax = Math.max(2, xTo, ...all.map((p) => p.x));
  const yMax = Math.max(1, ...all.map((p) => p.y));
  const w = box.width - box.left - box.right;
  const h = box.height - box.top - box.bottom;
  return {
    x: (v) => box.left + ((v - 1) / (xMax - 1)) * w,
    y: (v) => box.top + h - (v / yMax) * h,
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

/**
 * Round tick values from `from` to `max` (both included when round): about `count` of them, each step 1, 2
 * or 5 times a power of ten; integers only when `integers` (epochs).
 */
export function ticks(from: number, max: number, count: number, integers = false): number[] {
  const raw = (max - from) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw || 1));
  const step = Math.max(integers ? 1 : 0, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw);
  const first = Math.ceil(from / step) * step;
  const out: number[] = [];
  for (let v = first; v <= max + step * 1e-9; v += step) out.push(Number(v.toFixed(10)));
  return out;
}
