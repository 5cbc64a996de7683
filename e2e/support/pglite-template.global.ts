import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDb } from '../../apps/server/src/platform/db';
import type {} from './server';

/**
 * Global setup of the e2e project: one embedded database made and migrated on disk for the whole run,
 * copied into each server's DATA_DIR before its first start (what `serve` would make there itself, in
 * a fraction of the time: initdb and the migrations on disk take seconds of a cold start).
 */
export default async function makeTemplate(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'voxa-e2e-template-'));
  const dataDir = path.join(folder, 'pglite');
  await (await openDb({ dataDir })).destroy();
  project.provide('e2ePgliteTemplate', dataDir);
  return () => rm(folder, { recursive: true, force: true });
}
