import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, corpusFiles, dicomweb, stowBody } from '../../../test/dicomweb-calls';
import { buildTeam, buildUser, type TestTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The JS DICOMweb client OHIF uses (`dicomweb-client`), running in Chromium as in OHIF, lists a team's
 * studies and gets a frame with an API token. Skipped without Chromium outside CI, as the e2e specs are.
 */
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/lib/chromium/chromium'].find(
  (p): p is string => !!p && existsSync(p),
);
if (!executablePath && process.env.CI === 'true') throw new Error('CI=true but Chromium is missing');
const CLIENT_SCRIPT = createRequire(import.meta.url).resolve('dicomweb-client/build/dicomweb-client.js');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

let t: TestApp;
let browser: Browser;
let team: TestTeam;
let other: TestTeam;
let token: string;

beforeAll(async () => {
  if (!executablePath) return;
  t = await createTestApp();
  const owner = await buildUser(t);
  team = await buildTeam(t, owner);
  other = await buildTeam(t, owner);
  token = await apiToken(t, owner, team);
  const { body, contentType } = stowBody(await corpusFiles('dcm_qa_ct/GE', 2));
  const stored = await dicomweb(t, '/studies', {
    token,
    team: team.slug,
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
  });
  expect(stored.status).toBe(200);
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** What OHIF's data source does: search studies, series, instances, then retrieve a frame. */
async function inChromium(teamSlug: string) {
  const page = await browser.newPage();
  // A page of the server's own origin, as OHIF served beside its DICOMweb server.
  await page.route(`${t.url}/viewer`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>viewer</title>' }),
  );
  await page.goto(`${t.url}/viewer`);
  await page.addScriptTag({ path: CLIENT_SCRIPT });
  try {
    return await page.evaluate(
      async ({ token, teamSlug }) => {
        type Dataset = Record<string, { Value?: unknown[] }>;
        const uid = (ds: Dataset | undefined, tag: string) => String(ds?.[tag]?.Value?.[0] ?? '');
        type Frames = ArrayBuffer[];
        interface Client {
          searchForStudies(): Promise<Dataset[]>;
          searchForSeries(o: object): Promise<Dataset[]>;
          searchForInstances(o: object): Promise<Dataset[]>;
          retrieveInstanceFrames(o: object): Promise<Frames>;
        }
        // The page's globals: the client's UMD build and the document's location (no DOM types here).
        const page = globalThis as unknown as {
          DICOMwebClient: { api: { DICOMwebClient: new (o: object) => Client } };
          location: { origin: string };
        };
        const client = new page.DICOMwebClient.api.DICOMwebClient({
          url: `${page.location.origin}/dicom-web`,
          headers: { Authorization: `Bearer ${token}`, Team: teamSlug },
        });
        const studies: Dataset[] = await client.searchForStudies();
        if (studies.length === 0) return { studies: 0, frames: [] as number[] };
        const studyInstanceUID = uid(studies[0], '0020000D');
        const series: Dataset[] = await client.searchForSeries({ studyInstanceUID });
        const seriesInstanceUID = uid(series[0], '0020000E');
        const instances: Dataset[] = await client.searchForInstances({ studyInstanceUID, seriesInstanceUID });
        const sopInstanceUID = uid(instances[0], '00080018');
        const frames = await client.retrieveInstanceFrames({
          studyInstanceUID,
          seriesInstanceUID,
          sopInstanceUID,
          frameNumbers: [1],
        });
        return { studies: studies.length, frames: frames.map((f) => f.byteLength) };
      },
      { token, teamSlug },
    );
  } finally {
    await page.close();
  }
}

describe.skipIf(!executablePath)('dicomweb-client (OHIF’s DICOMweb client)', () => {
  it('lists the team’s studies and gets a frame', { timeout: 120_000 }, async () => {
    expect(await inChromium(team.slug)).toEqual({ studies: 1, frames: [512 * 512 * 2] });
  });

  it('finds nothing of the team with a token of another team', { timeout: 120_000 }, async () => {
    await expect(inChromium(other.slug)).rejects.toThrow();
  });
});
