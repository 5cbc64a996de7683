import { useSyncExternalStore } from 'react';

/**
 * Patient names of the studies this tab has shown, by uuid, so the header's favourites can name them.
 * Kept in memory only: a name is personal data, and the next list or organize page fills it again.
 */
const names = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;

export function rememberStudyNames(studies: readonly { uuid: string; data: { patientName: string } }[]) {
  let changed = false;
  for (const s of studies) {
    if (names.get(s.uuid) === s.data.patientName) continue;
    names.set(s.uuid, s.data.patientName);
    changed = true;
  }
  if (!changed) return;
  version += 1;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A study's patient name, once a page of this tab has shown it. */
export function useStudyName(uuid: string): string | undefined {
  useSyncExternalStore(subscribe, () => version);
  return names.get(uuid);
}
