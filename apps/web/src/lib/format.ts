const pad = (n: number) => String(n).padStart(2, '0');

/** DD.MM.YYYY HH:mm:ss in local time; an unparsable value is returned unchanged. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** File size in units from Bytes to YB: one rule with the server's sizePretty. */
export { sizePretty as formatBytes } from '@voxa/contracts';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** How long ago, in the largest whole unit: "now", "5 minutes ago", "yesterday"; '' when unparsable. */
export function formatRelative(value: string | Date, now: number = Date.now()): string {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) return '';
  let amount = (time - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}
