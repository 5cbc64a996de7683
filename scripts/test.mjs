#!/usr/bin/env node
/**
 * `npm test`: builds the web app and the server (the e2e project drives the built SPA through the built server), runs every
 * Vitest project, and ends with ONE plain line, `Tests: N passed, M failed[, K skipped]`, computed from
 * Vitest's JSON report. CI reads that line, so nothing may be printed after it.
 *
 * Extra arguments go to `vitest run` (e.g. `npm test -- --project unit`). The web build is skipped when
 * `--project` is given and none of the chosen projects is e2e.
 *
 * With CI=true the run fails early when the test data or Chromium is missing, instead of skipping.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timingLines } from './timings.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const isCI = process.env.CI === 'true' || process.env.CI === '1';

/** Same search order as e2e/support/chromium.ts. */
function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/lib/chromium/chromium'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

function requestedProjects() {
  const names = [];
  args.forEach((arg, i) => {
    if (arg === '--project' && args[i + 1]) names.push(args[i + 1]);
    else if (arg.startsWith('--project=')) names.push(arg.slice('--project='.length));
  });
  return names;
}

function run(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env: process.env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Counts from Vitest's JSON report; a file that failed before any test ran counts as one failure. */
function summarise(report) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of report.testResults ?? []) {
    const results = file.assertionResults ?? [];
    for (const test of results) {
      if (test.status === 'passed') passed += 1;
      else if (test.status === 'failed') failed += 1;
      else skipped += 1; // pending, skipped, todo, disabled
    }
    if (file.status === 'failed' && !results.some((t) => t.status === 'failed')) failed += 1;
  }
  return { passed, failed, skipped };
}

function finish(counts, code) {
  const line = `Tests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
  process.stdout.write(`${line}\n`, () => process.exit(code));
}

/** `.ci/run` exports VOXA_CI_STARTED_AT (epoch seconds) so the budget line counts its installs and lint too. */
async function printTimings(timingFile, buildMs, testMs) {
  const ciStart = Number(process.env.VOXA_CI_STARTED_AT);
  const ciMs = Number.isFinite(ciStart) && ciStart > 0 ? Date.now() - ciStart * 1000 : null;
  try {
    const files = JSON.parse(await readFile(timingFile, 'utf8'));
    console.log(timingLines(files, { root, buildMs, testMs, ciMs }).join('\n'));
  } catch (error) {
    console.error(`No timings (${error instanceof Error ? error.message : error}).`);
  }
}

async function main() {
  const testdata = path.resolve(root, process.env.TESTDATA_DIR ?? '../shared/testdata');
  const chromium = findChromium();
  if (isCI) {
    const problems = [];
    if (!existsSync(path.join(testdata, 'MANIFEST.tsv'))) {
      problems.push(`test data missing: ${path.join(testdata, 'MANIFEST.tsv')} not found (set TESTDATA_DIR)`);
    }
    if (!chromium) {
      problems.push('Chromium missing: none of CHROMIUM_PATH, /usr/bin/chromium, /usr/lib/chromium/chromium');
    }
    if (problems.length) {
      for (const p of problems) console.error(`CI=true: ${p}`);
      finish({ passed: 0, failed: 0, skipped: 0 }, 1);
      return;
    }
  } else if (!chromium) {
    console.log('Chromium not found: the e2e specs will be skipped (install Debian "chromium" to run them).');
  }

  const startedAt = Date.now();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'voxa-test-'));
  const reportFile = path.join(tmp, 'vitest.json');
  const timingFile = path.join(tmp, 'timings.json');

  // The build goes to a private folder (E2E_WEB_DIST), so a concurrent `vite build` in the same checkout
  // cannot empty apps/web/dist under the running e2e tests, nor the tests' build replace a developer's.
  const projects = requestedProjects();
  const wantsE2e = projects.length === 0 || projects.some((p) => p.includes('e2e') || p.includes('*'));
  let buildFailed = false;
  let buildMs = 0;
  let serverDist = null;
  if (wantsE2e) {
    const webDist = path.join(tmp, 'web-dist');
    console.log(`Building the web app for the e2e tests into ${webDist}…`);
    buildFailed = (await run('npm', ['run', 'build', '-w', '@voxa/web', '--', '--outDir', webDist])) !== 0;
    // The server's build stays inside the repository: its bundle imports the packages in node_modules.
    serverDist = path.join(root, 'apps/server/dist', path.basename(tmp));
    console.log(`Building the server for the e2e tests into ${serverDist}…`);
    buildFailed = (await run(process.execPath, ['apps/server/build.mjs', serverDist])) !== 0 || buildFailed;
    buildMs = Date.now() - startedAt;
    if (buildFailed) console.error('The web or server build failed; the e2e tests will fail without it.');
    process.env.E2E_WEB_DIST = webDist;
    process.env.E2E_SERVER_DIST = serverDist;
  }

  const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
  process.env.VOXA_TIMING_FILE = timingFile;
  const code = await run(vitest, [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${reportFile}`,
    '--reporter=./scripts/timing-reporter.mjs',
    ...args,
  ]);

  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    counts = summarise(JSON.parse(await readFile(reportFile, 'utf8')));
  } catch (error) {
    console.error(`No readable Vitest JSON report (${error instanceof Error ? error.message : error}).`);
  }
  await printTimings(timingFile, buildMs, Date.now() - startedAt);
  await rm(tmp, { recursive: true, force: true });
  if (serverDist) await rm(serverDist, { recursive: true, force: true });

  const noTests = counts.passed + counts.failed === 0;
  if (noTests) console.error('No test ran.');
  // Vitest failed with no failing test: an error outside the tests (an unhandled one stops the run
  // before its later groups, the e2e files among them). The line says so instead of '0 failed'.
  if (code !== 0 && counts.failed === 0) {
    console.error('Vitest failed outside any test (see its errors above): counted as one failure.');
    counts.failed = 1;
  }
  const exitCode = code !== 0 ? code : counts.failed > 0 || noTests || buildFailed ? 1 : 0;
  finish(counts, exitCode);
}

main().catch((error) => {
  console.error(error);
  finish({ passed: 0, failed: 0, skipped: 0 }, 1);
});
