/**
 * Starts one of the bench processes (processes/server.mjs, processes/sink.mjs) with this process's own
 * loader (tsx) and waits for its JSON line. BENCH_PROFILE=dir writes a CPU profile of each at its stop.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function startProcess(name, env = {}) {
  // One profile per thread (tsx's loader runs in one of its own), in a folder per process.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE, name)}`]
    : [];
  const child = spawn(process.execPath, [...process.execArgv, ...profile, path.join(here, `${name}.mjs`)], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Lines after the first answer `request`s, in order.
  const waiting = [];
  const lines = createInterface({ input: child.stdout });
  const line = await new Promise((resolve, reject) => {
    lines.once('line', (first) => {
      lines.on('line', (next) => waiting.shift()?.(JSON.parse(next)));
      resolve(first);
    });
    child.once('exit', (code) =>
      reject(new Error(`bench process ${name} exited (${code}) before it was ready`)),
    );
  });
  return {
    ...JSON.parse(line),
    pid: child.pid,
    /** One JSON line to the process's stdin; resolves with its next line, parsed. */
    request: (message) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${JSON.stringify(message)}\n`);
      }),
    stop: async () => {
      child.stdin.end();
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The real server (processes/server.mjs) in its own process, its data under `dataDir`: on PostgreSQL at
 * BENCH_DATABASE_URL (default the local test database) in a schema made for it and dropped by `stop`,
 * or on PGlite on disk when PostgreSQL does not answer. `database` says which; `env` adds settings.
 */
export async function startServer(dataDir, env = {}) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const server = await startProcess('server', {
    BENCH_DATA_DIR: dataDir,
    ...env,
    // Empty when PostgreSQL does not answer, so a BENCH_DATABASE_URL of this process is not tried there.
    ...(reachable ? { BENCH_DATABASE_URL: url, BENCH_SCHEMA: schema } : { BENCH_DATABASE_URL: '' }),
  }).catch(async (error) => {
    if (reachable) await admin.end();
    throw error;
  });
  return {
    ...server,
    database: reachable ? 'PostgreSQL' : 'PGlite',
    stop: async () => {
      await server.stop();
      if (!reachable) return;
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
      await admin.end();
    },
  };
}
