import { STORAGE_KEYS } from '@voxa/contracts';

/**
 * What the annotator remembers for one user of this browser (decisions 0096 and 0097): the display
 * convention, whether painting overwrites other segments, and which segments (by id) are locked.
 */
export interface AnnotatorPreferences {
  /** The patient's right on the screen's left (radiologists', PACS', OHIF's and Slicer's way). */
  radiological: boolean;
  /** Paint over other segments too; off, as Slicer's masking, a tool writes over background only. */
  overwrite: boolean;
  /** Ids of the segments no tool changes. */
  lockedSegments: readonly number[];
}

export const DEFAULT_PREFERENCES: AnnotatorPreferences = {
  radiological: true,
  overwrite: false,
  lockedSegments: [],
};

export const preferencesKey = (userId: number) => `${STORAGE_KEYS.annotatorPreferences}:${userId}`;

const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const ids = (value: unknown): number[] =>
  Array.isArray(value)
    ? [...new Set(value.filter((v): v is number => Number.isInteger(v) && (v as number) > 0))]
    : [];

/** What the storage key holds, read defensively: a missing or broken field is its default. */
export function parsePreferences(raw: string | null): AnnotatorPreferences {
  let value: unknown = null;
  try {
    value = raw ? JSON.parse(raw) : null;
  } catch {
    // not JSON: the defaults
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_PREFERENCES;
  const stored = value as Record<string, unknown>;
  return {
    radiological: flag(stored.radiological, DEFAULT_PREFERENCES.radiological),
    overwrite: flag(stored.overwrite, DEFAULT_PREFERENCES.overwrite),
    lockedSegments: ids(stored.lockedSegments),
  };
}

/** Locks the segment, or unlocks it when it is locked. */
export function toggleLock(preferences: AnnotatorPreferences, segmentId: number): AnnotatorPreferences {
  const locked = preferences.lockedSegments;
  return {
    ...preferences,
    lockedSegments: locked.includes(segmentId)
      ? locked.filter((id) => id !== segmentId)
      : [...locked, segmentId],
  };
}

/** The label values of `segments` that are locked: what the painting tools may not change. */
export const lockedValues = (
  preferences: AnnotatorPreferences,
  segments: readonly { id: number; value: number }[],
): number[] => segments.filter((s) => preferences.lockedSegments.includes(s.id)).map((s) => s.value);
