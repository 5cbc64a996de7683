import type { LogFilter } from '@voxa/contracts';

/** Why a filter cannot match anything sensible (422 on `to`), or null. */
export function filterProblem(filter: LogFilter): string | null {
  if (filter.from && filter.to && Date.parse(filter.from) >= Date.parse(filter.to)) {
    return 'The end must be after the start.';
  }
  return null;
}

/** Events older than this instant are deleted by the hourly retention cleanup. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * 86_400_000);
}

/**
 * One CSV cell (RFC 4180): always quoted, quotes doubled. A text a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, so it stays text.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows as CSV with a header line, CRLF line ends. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
