/**
 * The real server (`apps/server/src/main.ts serve`, or `worker`) in a process of its own, for benches and for tests
 * that need a second process: a fresh DATA_DIR, the embedded database unless `env` names one, a free
 * port; `env` adds or overrides settings (nothing of this process's DATABASE_URL, REDIS_URL, SMTP_URL,
 * MAINTENANCE or NODE_OPTIONS is passed on). Resolves once `GET /api/install` answers.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '../../..');

export interface ServeProcess {
  /** http://127.0.0.1:PORT */
  url: string;
  pid: number | undefined;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** SIGTERM, SIGKILL after 10 s; resolves once it exited, with its exit code (-1 when killed). */
  stop: () => Promise<number>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface StartOptions {
  /**
   * `worker`: background jobs only, no HTTP; it is ready once it logs so (LOG_LEVEL info unless `env`
   * says otherwise).
   */
  role?: 'serve' | 'worker';
}

export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  { role = 'serve' }: StartOptions = {},
): Promise<ServeProcess> {
  const port = await freePort();
  const childEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'MAINTENANCE', 'NODE_OPTIONS'])
    delete childEnv[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', role], {
    cwd: root,
    env: {
      ...childEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_DOMAIN: `localhost:${port}`,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: role === 'worker' ? 'info' : 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  let exited: number | null = null;
  const exit = new Promise<number>((resolve) => child.once('exit', (code) => resolve((exited = code ?? -1))));
  const url = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 180_000; ; await sleep(250)) {
    if (exited !== null || Date.now() > until) {
      if (exited === null) child.kill('SIGKILL');
      throw new Error(`the server did not start (exit ${exited})\n${output}`);
    }
    const ok =
      role === 'worker'
        ? output.includes('Voxa worker: running background jobs')
        : await fetch(`${url}/api/install`).then(
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
      if (exited !== null) return exited;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exit;
      clearTimeout(killer);
      return code;
    },
  };
}
