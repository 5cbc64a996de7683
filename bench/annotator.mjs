#!/usr/bin/env node
/**
 * bench/annotator: time from navigating to /annotator/case/{uuid} to the first slice on screen (the
 * preview of the middle axial slice, decision 0069) and to NiiVue's first drawn slice (the volume ready,
 * tools usable) of a 512 x 512 x 300 int16 CT, each against merely downloading the same NIfTI bytes in
 * the same browser, in the same run; and the tab's memory with the case open. The CT is made at start from the 28 real slices of
 * the GE series of dcm_qa_ct (tiled along z, bench/lib/ct-series.mjs), uploaded and converted by the real
 * server (its own process, embedded database, the built web app) through the page's own upload code.
 * The browser cache is off in every round, so both sides fetch all their bytes. Not part of `npm test`.
 *
 *   npm run build -w @voxa/web && npm run bench:annotator   (BENCH_SLICES=300 BENCH_ROUNDS=3)
 */
/* global fetch, performance, URL -- Node's own, and the page's inside page.evaluate */
import { existsSync, openAsBlob, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { api } from '@voxa/contracts';
// Run through tsx (npm run bench:annotator), so the e2e flags and the web page's TypeScript import here.
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.ts';
import { conversionWaiter } from '../apps/web/src/modules/upload/transfer/conversionEvents.ts';
import { runUpload } from '../apps/web/src/modules/upload/transfer/runUpload.ts';
import { MARKS } from '../apps/web/src/modules/annotator/viewer/marks.ts';
import { caller, planOf, signIn } from './lib/bench-session.mjs';
import { CT_SERIES_SLICES, writeCtSeries } from './lib/ct-series.mjs';
import { children, treeRss } from './lib/process-tree.mjs';
import { startServer } from '../apps/server/test/serve-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const testdata = process.env.TESTDATA_DIR ?? path.resolve(root, '../shared/testdata');
const SLICES = Number(process.env.BENCH_SLICES ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TEAM = 'bench';
const WEB_DIST = path.join(root, 'apps/web/dist');

/** Resident memory of the Chromium this process launched, all its processes (GPU and renderers too). */
function browserRss() {
  const isChromium = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chrom');
    } catch {
      return false;
    }
  };
  return children(process.pid)
    .filter(isChromium)
    .reduce((sum, pid) => sum + treeRss(pid), 0);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** Uploads and converts the CT as Process does; answers the converted series' uuid. */
async function convertedCt(server, session, dir) {
  const paths = await writeCtSeries(testdata, dir, SLICES, CT_SERIES_SLICES);
  const refs = await Promise.all(
    paths.map(async (p) => ({
      name: path.basename(p),
      size: (await stat(p)).size,
      path: `ct/${path.basename(p)}`,
    })),
  );
  const files = new Map(
    await Promise.all(
      paths.map(async (p, i) => [
        refs[i].path,
        Object.assign(await openAsBlob(p), { name: path.basename(p) }),
      ]),
    ),
  );
  const call = caller(server.url, session.headers);
  const statuses = [];
  await runUpload(
    planOf(refs, 0, false),
    {
      seriesStatus: (_id, status) => statuses.push(status),
      studyStored: () => undefined,
      converting: () => undefined,
      finished: () => undefined,
    },
    {
      call,
      connection: {
        apiBase: `${server.url}/api`,
        headers: session.headers,
        fetch: (i, init) => fetch(i, init),
      },
      fileOf: (ref) => files.get(ref.path),
      conversionEnd: conversionWaiter(session.socket),
    },
  );
  if (statuses.at(-1) !== 'done') throw new Error(`the CT ended ${statuses.join(' > ')}\n${server.output()}`);
  const studies = await call(api.studies.list);
  const series = await call(api.studies.series, { params: { studyId: studies.data[0].id } });
  return series[0].uuid;
}

/** One round: the annotator from navigation to its preview and to NiiVue's drawn slice, then the bytes alone. */
async function round(context, teamUrl, seriesUuid, token) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(`${teamUrl}/annotator/case/${seriesUuid}`);
  await page.locator('[data-testid="viewer-canvas"][data-state="ready"]').waitFor({ timeout: 300_000 });
  const marks = await page.evaluate(
    (names) =>
      Object.fromEntries(
        Object.entries(names).map(([key, name]) => [
          key,
          performance.getEntriesByName(name)[0]?.startTime ?? NaN,
        ]),
      ),
    MARKS,
  );
  const { shown, preview } = marks;
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
  const memory = {
    heap: metric('JSHeapUsedSize'),
    heapTotal: metric('JSHeapTotalSize'),
    browser: browserRss(),
  };

  // The same bytes alone, from the same origin with the same sign-in: navigation, then one fetch.
  const plain = await context.newPage();
  const plainCdp = await context.newCDPSession(plain);
  await plainCdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await plain.goto(`${teamUrl}/version.json`);
  const download = await plain.evaluate(
    async ({ url, token, team }) => {
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${token}`, Team: team, 'X-Requested-With': 'XMLHttpRequest' },
      });
      const bytes = await response.arrayBuffer();
      return { ms: performance.now(), bytes: bytes.byteLength };
    },
    { url: `/svc/v2/volume/${seriesUuid}/0`, token, team: TEAM },
  );
  await plain.close();
  await page.close();
  return { shown, preview, marks, download: download.ms, bytes: download.bytes, memory };
}

async function main() {
  if (!existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error('bench/annotator needs the built web app: npm run build -w @voxa/web');
  const temp = await mkdtemp(path.join(os.tmpdir(), 'voxa-bench-annotator-'));
  let server;
  let browser;
  let socket;
  const cleanUp = async () => {
    socket?.disconnect();
    await browser?.close();
    await server?.stop();
    await rm(temp, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  try {
    server = await startServer(path.join(temp, 'data'), { WEB_DIST });
    const session = await signIn(server.url, TEAM);
    socket = session.socket;
    const dir = path.join(temp, 'ct');
    await mkdir(dir);
    const seriesUuid = await convertedCt(server, session, dir);

    browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const port = new URL(server.url).port;
    const teamUrl = `http://${TEAM}.localhost:${port}`;
    await context.addCookies([{ name: 'voxa_token', value: session.token, url: teamUrl }]);

    const idle = browserRss();
    // Warm-up, not counted: the server's first volume read and the browser's first WebGL context.
    await round(context, teamUrl, seriesUuid, session.token);
    const rounds = [];
    for (let i = 0; i < ROUNDS; i += 1) rounds.push(await round(context, teamUrl, seriesUuid, session.token));

    const download = median(rounds.map((r) => r.download));
    console.log(
      `bench/annotator: ${SLICES} slices of 512 x 512 int16 CT (${mib(rounds[0].bytes)} NIfTI), cache off, median of ${ROUNDS} rounds, load ${os.loadavg()[0].toFixed(1)}`,
    );
    console.log(
      `  navigation and download of the same bytes (reference): ${ms(download)}  (rounds ${rounds.map((r) => ms(r.download)).join(', ')})`,
    );
    // Both figures, each against the reference: the aim is judged on the first slice on screen.
    const figure = (label, key, aim) => {
      const times = rounds.map((r) => r[key]);
      const ratios = rounds.map((r) => r[key] / r.download);
      console.log(
        `  ${label}: ${ms(median(times))}  (rounds ${times.map(ms).join(', ')}); ratio ${(median(times) / download).toFixed(2)}${aim} (per round ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
      );
    };
    figure('navigation to the first slice on screen (preview)', 'preview', ' (aim <= 1.5)');
    figure('navigation to NiiVue ready (its slice drawn, tools usable)', 'shown', '');
    const stage = (key) => ms(median(rounds.map((r) => r.marks[key])));
    console.log(`  of which: bytes fetched at ${stage('fetched')}, NIfTI parsed at ${stage('parsed')}`);
    const memory = rounds.at(-1).memory;
    console.log(
      `  memory with the case open: the tab's JS heap ${mib(memory.heap)} used of ${mib(memory.heapTotal)} (the volume's bytes live outside it); Chromium's processes ${mib(memory.browser)} resident (${mib(idle)} before the first case)`,
    );
  } finally {
    await cleanUp();
  }
}

await main();
