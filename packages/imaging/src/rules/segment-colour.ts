import { hexToLab } from '../seg/cielab';

/**
 * Segment colours that do not repeat (docs/decisions/0098-segment-colours.md). Distances are CIE76
 * (Euclidean in CIELab, D65): about 2.3 is just noticeable, 10 tells two colours apart at a glance.
 */

/** Below this distance two segment colours count as the same colour. */
export const SAME_COLOUR_DISTANCE = 10;

type Lab = readonly [number, number, number];

const distance = (a: Lab, b: Lab) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/**
 * The colours a segment may be given when none is wanted: the sRGB cube in steps of 0x11, neither so dark
 * nor so light that a mask drawn over a grey image is lost in it (L 30..90).
 */
const CANDIDATES: readonly { hex: string; lab: Lab }[] = (() => {
  const steps = Array.from({ length: 16 }, (_, i) => i * 0x11);
  return steps
    .flatMap((r) => steps.flatMap((g) => steps.map((b) => hex(r, g, b))))
    .map((h) => ({ hex: h, lab: hexToLab(h) }))
    .filter((c) => c.lab[0] >= 30 && c.lab[0] <= 90);
})();

/** The CIE76 distance between two #rrggbb colours. */
export function colourDistance(a: string, b: string): number {
  return distance(hexToLab(a), hexToLab(b));
}

/** Each candidate's distance to the nearest colour taken so far, updated as colours are taken. */
class Palette {
  private readonly taken: Lab[] = [];
  private readonly apart = new Float64Array(CANDIDATES.length).fill(Number.POSITIVE_INFINITY);

  constructor(taken: readonly string[]) {
    for (const t of taken) this.take(t);
  }

  take(colour: string): void {
    const lab = hexToLab(colour);
    this.taken.push(lab);
    CANDIDATES.forEach((c, i) => {
      this.apart[i] = Math.min(this.apart[i] ?? 0, distance(c.lab, lab));
    });
  }

  choose(wanted: string | undefined, minDistance: number): string {
    const wish = wanted ? hexToLab(wanted) : undefined;
    const wishApart = wish
      ? this.taken.reduce((min, t) => Math.min(min, distance(wish, t)), Number.POSITIVE_INFINITY)
      : 0;
    if (wanted && wishApart >= minDistance) return wanted.toLowerCase();
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    CANDIDATES.forEach((c, i) => {
      const apart = this.apart[i] ?? 0;
      // Far enough and nearest the wish first; then, if none is far enough, the farthest apart.
      const score = wish && apart >= minDistance ? 1e6 - distance(c.lab, wish) : apart;
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    return CANDIDATES[best]?.hex ?? '#ff0000';
  }
}

/**
 * A colour for a new segment beside `taken` (the other segments' colours). `wanted` (the catalogue's or the
 * palette's) is kept while no taken colour is the same (closer than `minDistance`); otherwise, of the
 * candidates at least `minDistance` from every taken colour, the nearest to `wanted`; without a wish, or when
 * no candidate is that far, the candidate whose nearest taken colour is farthest (ties: the first).
 */
export function distinctColour(
  taken: readonly string[],
  wanted?: string,
  minDistance = SAME_COLOUR_DISTANCE,
): string {
  return new Palette(taken).choose(wanted, minDistance);
}

/**
 * Colours for segments added together (an import, an AI result), in their order: each the colour it wants
 * (or none), made distinct from `taken` and from those given before it.
 */
export function distinctColours(taken: readonly string[], wanted: readonly (string | undefined)[]): string[] {
  const palette = new Palette(taken);
  return wanted.map((w) => {
    const colour = palette.choose(w, SAME_COLOUR_DISTANCE);
    palette.take(colour);
    return colour;
  });
}

/** What the structure catalogue says of a label map's colours (docs/decisions/0098). */
export interface CatalogueColours {
  /** A multi-class structure's classes by label value, with their colours (null: none named). */
  classes: ReadonlyMap<number, string | null>;
  /** The structure's own colour (null: none named). */
  own: string | null;
}

/**
 * The colours of a label map's segments, one per label value in order: its class's catalogue colour for a
 * multi-class structure; for a single structure, its own colour for the first segment; else the palette's
 * by position; each made distinct from those before it.
 */
export function labelMapColours(
  values: readonly number[],
  catalogue: CatalogueColours,
  palette: readonly string[],
): string[] {
  const wanted = values.map(
    (value, i) =>
      (catalogue.classes.size ? catalogue.classes.get(value) : i === 0 ? catalogue.own : null) ?? palette[i],
  );
  return distinctColours([], wanted);
}
