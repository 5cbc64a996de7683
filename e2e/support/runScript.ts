import { spawn } from 'node:child_process';
import { repoRoot } from './server';

/**
 * Runs one of the `*.script.mjs` seeders beside this file with tsx, on the server's own code; a failure
 * throws with what it printed. Seeders open the embedded database: call them while the server is stopped.
 */
export async function runScript(script: string, args: readonly string[], what: string): Promise<void> {
  const argv = ['--import', 'tsx', `e2e/support/${script}`, ...args];
  const child = spawn(process.execPath, argv, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${what} failed (${code}):\n${output}`);
}
