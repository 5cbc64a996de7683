/**
 * The labels of a dataset (decision 0063): nnU-Net wants `background` 0 and its classes numbered 1, 2, 3 …
 * with no gap, the same number meaning the same class in every case. A platform segmentation's segments
 * carry any values (1, 5, 117 …) and their titles name the class, so classes are the distinct titles,
 * ordered by the smallest value any case gives them (then by title), and each case's values are renumbered.
 */
export const BACKGROUND = 'background';

export interface CaseSegment {
  title: string;
  value: number;
}

export interface LabelTable {
  /** dataset.json's labels: `background` 0, then each class. */
  labels: Record<string, number>;
  /** Per case (in the order given): stored value -> dataset label. Values not listed become background. */
  remaps: Map<number, number>[];
}

/** A class's name as dataset.json keys it: trimmed; a segment titled "background" cannot take label 0's key. */
export function className(title: string): string {
  const trimmed = title.trim() || 'unnamed';
  return trimmed.toLowerCase() === BACKGROUND ? `${trimmed} (segment)` : trimmed;
}

export function labelTable(cases: readonly (readonly CaseSegment[])[]): LabelTable {
  const smallest = new Map<string, number>();
  for (const segments of cases)
    for (const s of segments) {
      const name = className(s.title);
      smallest.set(name, Math.min(smallest.get(name) ?? Infinity, s.value));
    }
  const ordered = [...smallest].sort(([a, va], [b, vb]) => va - vb || (a < b ? -1 : a > b ? 1 : 0));
  const labels: Record<string, number> = { [BACKGROUND]: 0 };
  ordered.forEach(([name], i) => (labels[name] = i + 1));
  const remaps = cases.map(
    (segments) => new Map(segments.map((s) => [s.value, labels[className(s.title)] ?? 0] as const)),
  );
  return { labels, remaps };
}

/**
 * Renumbers a mask's voxels in place by `remap`; a value it does not list (a deleted segment's voxels
 * left behind) becomes background. Answers the labels now present, ascending, 0 left out.
 */
export function remapVoxels(voxels: Uint8Array | Uint16Array, remap: ReadonlyMap<number, number>): number[] {
  const max = voxels instanceof Uint8Array ? 0xff : 0xffff;
  const table = new Uint16Array(65_536);
  for (const [from, to] of remap) {
    if (to > max) throw new Error(`Label ${to} does not fit this mask's voxel type.`);
    table[from] = to;
  }
  const present = new Set<number>();
  for (let i = 0; i < voxels.length; i++) {
    const to = table[voxels[i] ?? 0] ?? 0;
    voxels[i] = to;
    if (to) present.add(to);
  }
  return [...present].sort((a, b) => a - b);
}
