import { spawn } from 'node:child_process';
import { repoRoot } from './server';

/**
 * Records that the team already holds a study with this StudyInstanceUID, as an earlier upload would,
 * by running `seed-study.script.mjs` on the server's own database code. Call it while the server is
 * stopped (`E2eServer.restart`): the embedded database takes one process at a time.
 */
export async function seedStudy(dataDir: string, teamSlug: string, studyInstanceUid: string): Promise<void> {
  const args = ['--import', 'tsx', 'e2e/support/seed-study.script.mjs', dataDir, teamSlug, studyInstanceUid];
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding a study failed (${code}):\n${output}`);
}
