/**
 * Where a test run's time went, printed by `scripts/test.mjs` before its summary line: each project's wall
 * time (first file queued to last file ended; projects of one group overlap), the ten slowest files, and the
 * total against the budget. Printed, not asserted: the machine's load varies from run to run.
 */
import path from 'node:path';

/** The whole `.ci/run` on the 2-core CI machine should stay under this (issue 40). */
export const BUDGET_MS = 20 * 60_000;

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

/**
 * @param {{ project: string, file: string, ms: number, start: number, end: number }[]} files
 * @param {{ root: string, buildMs: number, testMs: number, ciMs: number | null }} run
 * @returns {string[]}
 */
export function timingLines(files, { root, buildMs, testMs, ciMs }) {
  const lines = [
    'Where the time went (unit and integration files share the workers, so their spans overlap):',
  ];
  if (buildMs > 0) lines.push(`  web build for e2e: ${seconds(buildMs)}`);
  const projects = [...new Set(files.map((f) => f.project))];
  for (const project of projects) {
    const own = files.filter((f) => f.project === project);
    const wall = Math.max(...own.map((f) => f.end)) - Math.min(...own.map((f) => f.start));
    const summed = own.reduce((sum, f) => sum + f.ms, 0);
    lines.push(
      `  ${project}: ${own.length} files, ${seconds(wall)} wall (${seconds(summed)} summed over files)`,
    );
  }
  lines.push('  Ten slowest files:');
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    lines.push(`    ${seconds(f.ms).padStart(6)}  ${f.project}  ${path.relative(root, f.file)}`);
  }
  const total = ciMs ?? testMs;
  const verdict = total <= BUDGET_MS ? 'within it' : `OVER by ${minutes(total - BUDGET_MS)}`;
  if (ciMs !== null) lines.push(`  npm test: ${minutes(testMs)}`);
  lines.push(
    `  ${ciMs === null ? 'npm test' : '.ci/run so far'}: ${minutes(total)} of the ${minutes(BUDGET_MS)} budget (${verdict})`,
  );
  return lines;
}
