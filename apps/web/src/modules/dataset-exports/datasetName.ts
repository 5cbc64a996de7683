/**
 * A dataset name nnU-Net and every file system accept (the contract's DatasetName: letters and digits,
 * starting with a letter, at most 40) made from a structure's title: "Liver vessels" -> "LiverVessels".
 */
export function defaultDatasetName(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // accents off their letters: é -> e
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const joined = words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
  const name = joined.replace(/^[0-9]+/, '').slice(0, 40);
  return name || 'Dataset';
}

/** How far an export is, 0..100, for its progress bar. */
export function exportPercent(e: { state: string; cases_done: number; cases_total: number }): number {
  if (e.state === 'done') return 100;
  if (e.cases_total <= 0) return 0;
  return Math.round((100 * Math.min(e.cases_done, e.cases_total)) / e.cases_total);
}
