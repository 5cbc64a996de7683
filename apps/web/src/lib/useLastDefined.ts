import { useState } from 'react';

/**
 * The value, or the last defined one while it is undefined: a list whose next page fails to load
 * stays as it was (teams-and-account.md section 4, Studies list).
 */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
