const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** File size in units from Bytes to YB (spec section 9), base 1024, at most two decimals: 1536 -> "1.5 KB". */
export function sizePretty(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = parseFloat((bytes / 1024 ** i).toFixed(Math.max(0, decimals)));
  return `${value} ${UNITS[i]}`;
}
