import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { rawFileKeys } from '../src/modules/upload/settled-files';
import { resolveInside } from '../src/platform/storage/paths';
import type { TestApp } from './test-app';

/** Every file below `dir`, as full paths, depth first in the order the folders list them. */
export async function filesBelow(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesBelow(full)));
    else out.push(full);
  }
  return out;
}

/** Waits until the queued removal of a finished upload's raw files (decision 0082) has run. */
export async function rawFilesRemoved(t: TestApp, studyUuid: string, ms = 30_000): Promise<void> {
  const session = await t.db
    .selectFrom('studies')
    .innerJoin('upload_sessions', 'upload_sessions.id', 'studies.upload_id')
    .select(['upload_sessions.uuid', 'upload_sessions.team_id'])
    .where('studies.uuid', '=', studyUuid)
    .executeTakeFirstOrThrow();
  // Resolved without the storage's checks, which would race the removal they wait for.
  const root = t.app.deps.storage.root;
  const paths = rawFileKeys(session.team_id, session.uuid).map((key) => resolveInside(root, key));
  await expect.poll(() => paths.filter((p) => existsSync(p)), { timeout: ms }).toEqual([]);
}
