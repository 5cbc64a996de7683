import { useCallback, useState } from 'react';
import { parsePreferences, preferencesKey, type AnnotatorPreferences } from './preferences';

const read = (key: string) => {
  try {
    return parsePreferences(localStorage.getItem(key));
  } catch {
    return parsePreferences(null);
  }
};

/**
 * The annotator preferences of the signed-in user (`userId`), read from localStorage once and written
 * back on every change, so they survive a reload and stay apart from another user's of the same browser.
 */
export function useAnnotatorPreferences(
  userId: number,
): [AnnotatorPreferences, (change: (current: AnnotatorPreferences) => AnnotatorPreferences) => void] {
  const key = preferencesKey(userId);
  const [preferences, setPreferences] = useState(() => read(key));
  const update = useCallback(
    (change: (current: AnnotatorPreferences) => AnnotatorPreferences) =>
      setPreferences((current) => {
        const next = change(current);
        try {
          localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // storage blocked: kept for this visit only
        }
        return next;
      }),
    [key],
  );
  return [preferences, update];
}
