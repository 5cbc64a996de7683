export const SERIES_NUMBER_REQUIRED_ERROR = 'Serie number is required';
export const NIFTI_SERIES_NUMBER_TOOLTIP =
  "Nifty files don't contain serie number. It will be computed after processing";

export type SeriesNumberResult = { ok: true; value: number } | { ok: false; error: string };

/**
 * The series number input takes digits only (a non-negative integer, surrounding spaces ignored).
 * Anything else is treated like an empty input, as a numeric field would give no value.
 */
export function parseSeriesNumber(input: string): SeriesNumberResult {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return { ok: false, error: SERIES_NUMBER_REQUIRED_ERROR };
  return { ok: true, value: Number(text) };
}
