import { runScript } from './runScript';

/**
 * Records that the team already holds a study with this StudyInstanceUID, as an earlier upload would,
 * by running `seed-study.script.mjs` on the server's own database code. Call it while the server is
 * stopped (`E2eServer.restart`): the embedded database takes one process at a time.
 */
export async function seedStudy(dataDir: string, teamSlug: string, studyInstanceUid: string): Promise<void> {
  await runScript('seed-study.script.mjs', [dataDir, teamSlug, studyInstanceUid], 'seeding a study');
}
