import type { TransferFunction } from '@voxa/contracts';

/** Window (width, level) maths and the presets the annotator offers per modality. */

export interface Window {
  width: number;
  level: number;
}

export interface Range {
  min: number;
  max: number;
}

export interface WindowPreset extends Window {
  id: string;
  label: string;
}

/** The usual CT windows, in Hounsfield units (radiology teaching values, as OHIF and Slicer offer them). */
export const CT_PRESETS: readonly WindowPreset[] = [
  { id: 'soft-tissue', label: 'Soft tissue', width: 400, level: 40 },
  { id: 'lung', label: 'Lung', width: 1500, level: -600 },
  { id: 'bone', label: 'Bone', width: 2000, level: 300 },
  { id: 'brain', label: 'Brain', width: 80, level: 40 },
];

/** Fixed windows only mean something in Hounsfield units: other modalities get the automatic one alone. */
export function presetsFor(modality: string | null): readonly WindowPreset[] {
  return modality?.toUpperCase() === 'CT' ? CT_PRESETS : [];
}

export function windowToRange(window: Window): Range {
  return { min: window.level - window.width / 2, max: window.level + window.width / 2 };
}

export function rangeToWindow(range: Range): Window {
  return { width: range.max - range.min, level: (range.max + range.min) / 2 };
}

/**
 * The window a series opens with: soft tissue for CT, else the volume's robust range (its 2nd to 98th
 * percentile, which NiiVue computes on load), widened to the full range when the robust one is empty.
 */
export function initialWindow(modality: string | null, robust: Range, full: Range): Window {
  const [softTissue] = presetsFor(modality);
  if (softTissue) return { width: softTissue.width, level: softTissue.level };
  return rangeToWindow(robust.max > robust.min ? robust : full);
}

/**
 * The window presets of /transfer-functions (built-in and the team's own) as the toolbar offers them; the
 * server has already kept those of the series' modality and those for any.
 */
export function presetsFrom(functions: readonly TransferFunction[]): WindowPreset[] {
  return functions.flatMap((f) =>
    f.kind === 'window'
      ? [{ id: `tf-${f.id}`, label: f.name, width: f.window.width, level: f.window.center }]
      : [],
  );
}

/** The preset a window is, if any (the toolbar shows it chosen). */
export function matchingPreset(presets: readonly WindowPreset[], window: Window): WindowPreset | null {
  return (
    presets.find((p) => Math.abs(p.width - window.width) < 0.5 && Math.abs(p.level - window.level) < 0.5) ??
    null
  );
}

/** `W 1500 L -600`: whole numbers past 10, else 3 significant digits (MR and PET values can be small). */
export function formatWindow(window: Window): string {
  return `W ${formatNumber(window.width)} L ${formatNumber(window.level)}`;
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (Math.abs(value) >= 10 || Number.isInteger(value)) return String(Math.round(value));
  return String(Number(value.toPrecision(3)));
}
