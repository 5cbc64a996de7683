import { spawn } from 'node:child_process';
import { repoRoot } from './server';

/**
 * Stores `count` studies for the team with `seed-studies.script.mjs` (the newest with a slideshow and the
 * label "Liver"), on the server's own database code. Call it while the server is stopped.
 */
export async function seedStudies(dataDir: string, teamSlug: string, count: number): Promise<void> {
  const args = ['--import', 'tsx', 'e2e/support/seed-studies.script.mjs', dataDir, teamSlug, String(count)];
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding studies failed (${code}):\n${output}`);
}
