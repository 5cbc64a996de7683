/**
 * The real server (`apps/server/src/main.ts serve`) in a process of its own for the benches: a fresh
 * DATA_DIR, the embedded database, a free port; `env` adds or overrides settings. Resolves once
 * `GET /api/install` answers.
 */
/* global fetch -- Node's own */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '../..');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(dataDir, env = {}) {
  const port = await freePort();
  const childEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'MAINTENANCE', 'NODE_OPTIONS'])
    delete childEnv[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
    cwd: root,
    env: {
      ...childEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_DOMAIN: `localhost:${port}`,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let exited = null;
  const exit = new Promise((resolve) => child.once('exit', (code) => resolve((exited = code ?? -1))));
  const url = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 180_000; ; await sleep(250)) {
    if (exited !== null || Date.now() > until)
      throw new Error(`the server did not start (exit ${exited})\n${output}`);
    const ok = await fetch(`${url}/api/install`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
  }
  return {
    url,
    pid: child.pid,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
    },
  };
}
