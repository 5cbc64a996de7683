import { runScript } from './runScript';

/**
 * Stores `count` studies for the team with `seed-studies.script.mjs` (the newest with a slideshow and the
 * label "Liver"), on the server's own database code. Call it while the server is stopped.
 */
export async function seedStudies(dataDir: string, teamSlug: string, count: number): Promise<void> {
  await runScript('seed-studies.script.mjs', [dataDir, teamSlug, String(count)], 'seeding studies');
}
