const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Bytes for people: 1 decimal, 1024 steps ("12.3 GB"). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
