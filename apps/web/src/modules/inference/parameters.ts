/** Model parameters (the spec's `mp`) as typed in a JSON field: an object, or nothing. */
export type ParsedParameters = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** Reads the mp field: empty is `{}`; anything but a JSON object is refused with why. */
export function parseParameters(text: string): ParsedParameters {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { ok: false, error: 'Not valid JSON.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: 'Give a JSON object, such as {"fast": true}.' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** The contract's bounds of n (how many results a worker may return). */
export const RUNS_MIN = 1;
export const RUNS_MAX = 100;

export type ParsedRuns = { ok: true; value: number | null } | { ok: false; error: string };

/** Reads the n field: empty is none (the model's default); else a whole number within the bounds. */
export function parseRuns(text: string): ParsedRuns {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const value = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || value < RUNS_MIN || value > RUNS_MAX)
    return { ok: false, error: `A whole number from ${RUNS_MIN} to ${RUNS_MAX}.` };
  return { ok: true, value };
}

/** Parameters shown in an editor: empty for none, else indented JSON. */
export function parametersText(mp: Record<string, unknown>): string {
  return Object.keys(mp).length === 0 ? '' : JSON.stringify(mp, null, 2);
}
