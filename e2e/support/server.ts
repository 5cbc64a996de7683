import { inject } from 'vitest';
import type { SeededData } from './seeded';
import { startServerFrom, type E2eServer } from './serverProcess';

export { freePort, repoRoot, type E2eServer, type OutboxMail } from './serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database folder (pglite-template.global.ts), copied into each new DATA_DIR. */
    e2ePgliteTemplate?: string;
    /** The seeded data (seeded.ts), made once per run by the same global setup. */
    e2eSeeded?: SeededData;
  }
}

/**
 * Starts the real server (serverProcess.ts) on a fresh DATA_DIR: an empty, uninstalled instance made from
 * the run's migrated database, or with `seeded` a copy of the run's seeded data.
 */
export async function startServer(env: Record<string, string> = {}, seeded = false): Promise<E2eServer> {
  if (!seeded) return startServerFrom({ pglite: inject('e2ePgliteTemplate') }, env);
  return startServerFrom({ dataDir: seededData().dataDir }, env);
}

/** The uuids of the seeded studies and series (the same in every copy). */
export function seededData(): SeededData {
  const data = inject('e2eSeeded');
  if (!data) throw new Error('No seeded data: the e2e global setup (pglite-template.global.ts) made none');
  return data;
}
