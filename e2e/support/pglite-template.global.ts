import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDb } from '../../apps/server/src/platform/db';
import { findChromium } from './chromium';
import { makeSeededData } from './seededData';
import type {} from './server';

/**
 * Global setup of the e2e project: one embedded database made and migrated on disk for the whole run,
 * copied into each server's DATA_DIR before its first start (what `serve` would make there itself, in
 * a fraction of the time: initdb and the migrations on disk take seconds of a cold start). Then, from
 * it, the seeded data (seeded.ts): a stopped server's DATA_DIR that seeded stories copy whole, so they
 * start with an administrator, a team and a converted CT and MR instead of making them page by page.
 */
export default async function makeTemplate(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'voxa-e2e-template-'));
  const dataDir = path.join(folder, 'pglite');
  await (await openDb({ dataDir })).destroy();
  project.provide('e2ePgliteTemplate', dataDir);
  // Without Chromium every story skips (chromium.ts), and nothing would use the seeded data.
  if (!findChromium()) return () => rm(folder, { recursive: true, force: true });
  const startedAt = Date.now();
  const seeded = await makeSeededData(dataDir).catch(async (error: unknown) => {
    await rm(folder, { recursive: true, force: true });
    throw error;
  });
  console.log(
    `e2e seeded data (administrator, team, converted CT and MR) made in ${Date.now() - startedAt} ms`,
  );
  project.provide('e2eSeeded', seeded);
  return async () => {
    await rm(seeded.dataDir, { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true });
  };
}
