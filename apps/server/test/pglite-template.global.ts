import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDb } from '../src/platform/db';
import type {} from './pglite-template';

/**
 * Global setup of the PGlite integration project: one embedded database made and migrated for the whole
 * run. A new PGlite runs initdb, some 5 s of CPU that blocks its worker, then the migrations; loading
 * this copy takes under one second, and each integration file still has a database of its own.
 */
export default async function makeTemplate(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'voxa-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  const pglite = new PGlite();
  const db = await openDb({ pglite });
  await writeFile(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await db.destroy();
  project.provide('pgliteTemplate', file);
  return () => rm(folder, { recursive: true, force: true });
}
