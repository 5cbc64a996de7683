import type {
  Colormap,
  TransferFunction,
  TransferFunctionInput,
  TransferFunctionKind,
} from '@voxa/contracts';
import { colormapLut } from '@voxa/imaging';

/** One control point of a colour map as the editor shows it: an intensity, a colour and an opacity. */
export interface ColorPoint {
  intensity: number;
  /** #rrggbb */
  color: string;
  alpha: number;
}

/** What the form edits; numbers being typed may be strings for a moment (Mantine's NumberInput). */
export interface TransferFunctionDraft {
  kind: TransferFunctionKind;
  name: string;
  modality: string | null;
  width: number | string;
  center: number | string;
  points: ColorPoint[];
}

const hex = (n: number) => n.toString(16).padStart(2, '0');
const rgb = (r: number, g: number, b: number) => `#${hex(r)}${hex(g)}${hex(b)}`;

/** A new one: a soft-tissue-like window, or a black-to-white ramp that fades in (NiiVue's gray). */
export function newDraft(kind: TransferFunctionKind): TransferFunctionDraft {
  return {
    kind,
    name: '',
    modality: kind === 'window' ? 'CT' : null,
    width: 400,
    center: 40,
    points: [
      { intensity: 0, color: '#000000', alpha: 0 },
      { intensity: 255, color: '#ffffff', alpha: 255 },
    ],
  };
}

export function colormapToPoints(c: Colormap): ColorPoint[] {
  return c.I.map((intensity, i) => ({
    intensity,
    color: rgb(c.R[i] ?? 0, c.G[i] ?? 0, c.B[i] ?? 0),
    alpha: c.A[i] ?? 0,
  }));
}

/** The points in intensity order as NiiVue's arrays; the server refuses two points at one intensity. */
export function pointsToColormap(points: readonly ColorPoint[]): Colormap {
  const sorted = [...points].sort((a, b) => a.intensity - b.intensity);
  const channel = (offset: number) => sorted.map((p) => parseInt(p.color.slice(offset, offset + 2), 16) || 0);
  return {
    R: channel(1),
    G: channel(3),
    B: channel(5),
    A: sorted.map((p) => p.alpha),
    I: sorted.map((p) => p.intensity),
  };
}

export function draftOf(tf: TransferFunction): TransferFunctionDraft {
  const base = newDraft(tf.kind);
  const common = { ...base, name: tf.name, modality: tf.modality };
  return tf.kind === 'window'
    ? { ...common, width: tf.window.width, center: tf.window.center }
    : { ...common, points: colormapToPoints(tf.colormap) };
}

/** The request body; the server validates it and answers 422 per field. */
export function inputOf(draft: TransferFunctionDraft): TransferFunctionInput {
  const common = { name: draft.name, modality: draft.modality };
  return draft.kind === 'window'
    ? { ...common, kind: 'window', window: { width: Number(draft.width), center: Number(draft.center) } }
    : { ...common, kind: 'colormap', colormap: pointsToColormap(draft.points) };
}

/**
 * A point in the middle of the widest gap between neighbours, coloured as the map already is there, so
 * adding one changes nothing until it is moved or recoloured; null when every intensity is taken.
 */
export function pointToAdd(points: readonly ColorPoint[]): ColorPoint | null {
  const c = pointsToColormap(points);
  let best: { lo: number; hi: number } | null = null;
  for (let i = 0; i + 1 < c.I.length; i++) {
    const lo = c.I[i] ?? 0;
    const hi = c.I[i + 1] ?? 0;
    if (hi - lo > 1 && (!best || hi - lo > best.hi - best.lo)) best = { lo, hi };
  }
  if (!best) return null;
  const intensity = Math.round((best.lo + best.hi) / 2);
  const lut = colormapLut(c);
  const at = (k: number) => lut[intensity * 4 + k] ?? 0;
  return { intensity, color: rgb(at(0), at(1), at(2)), alpha: at(3) };
}

/** `W 400 L 40`, as the annotator's toolbar writes a window. */
export const windowLabel = (w: { width: number; center: number }) => `W ${w.width} L ${w.center}`;
