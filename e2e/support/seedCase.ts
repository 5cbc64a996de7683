import { randomUUID } from 'node:crypto';
import { runScript } from './runScript';

/**
 * Stores a study of the team whose one CT series is converted to `nifti` (a NIfTI file), with
 * `seed-case.script.mjs` on the server's own database and storage code, and answers the series' uuid: a
 * case the annotator opens without an upload. Call it while the server is stopped (`E2eServer.restart`).
 */
export async function seedCase(dataDir: string, teamSlug: string, nifti: string): Promise<string> {
  const seriesUuid = randomUUID();
  await runScript('seed-case.script.mjs', [dataDir, teamSlug, seriesUuid, nifti], 'seeding a case');
  return seriesUuid;
}
