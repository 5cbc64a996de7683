import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database's files (a tar from dumpDataDir), made by pglite-template.global.ts. */
    pgliteTemplate?: string;
  }
}

/**
 * A new embedded database, in memory or in an empty `dataDir`: a copy of the run's migrated template
 * when there is one, else made anew.
 */
export async function newTestPglite(dataDir?: string): Promise<PGlite> {
  const template = inject('pgliteTemplate');
  if (!template) return new PGlite(dataDir);
  return new PGlite({ dataDir, loadDataDir: new Blob([await readFile(template)]) });
}
