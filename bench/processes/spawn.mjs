/**
 * Starts one of the bench processes (processes/server.mjs, processes/sink.mjs) with this process's own
 * loader (tsx) and waits for its JSON line. BENCH_PROFILE=dir writes a CPU profile of each at its stop.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function startProcess(name, env = {}) {
  // One profile per thread (tsx's loader runs in one of its own), in a folder per process.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE, name)}`]
    : [];
  const child = spawn(process.execPath, [...process.execArgv, ...profile, path.join(here, `${name}.mjs`)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) =>
      reject(new Error(`bench process ${name} exited (${code}) before it was ready`)),
    );
  });
  return {
    ...JSON.parse(line),
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
