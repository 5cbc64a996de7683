import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The built SPA: npm test builds into a private folder (E2E_WEB_DIST); else the usual apps/web/dist. */
const webDist = process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
/** The built server, run by plain node as `npm start` runs it: npm test builds its own (E2E_SERVER_DIST). */
const serverMain = path.join(
  process.env.E2E_SERVER_DIST ?? path.join(repoRoot, 'apps/server/dist'),
  'main.mjs',
);

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

export interface E2eServer {
  /** http://localhost:PORT, the base domain (no team). */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** http://{slug}.localhost:PORT */
  teamUrl: (slug: string) => string;
  /** The newest mail to `to` in DATA_DIR/outbox, waiting until one (matching `subject`) arrives. */
  readOutbox: (to: string, opts?: { subject?: RegExp; timeoutMs?: number }) => Promise<OutboxMail>;
  /** What the server printed so far (for failure messages). */
  output: () => string;
  /**
   * Stops the server, runs `whileStopped` (the embedded database is free then), and starts it again on
   * the same DATA_DIR and port, so the browser's sessions and origins stay valid.
   */
  restart: (whileStopped?: () => Promise<void>) => Promise<void>;
  /** Stops the server and removes DATA_DIR, unless kept (the seeded data is a stopped server's). */
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
}

/** A TCP port nobody listens on now (for the server, or a second port it opens such as DIMSE_PORT). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** What a new DATA_DIR starts from: a migrated database folder, or a whole seeded DATA_DIR. */
export interface ServerTemplate {
  /** Copied to DATA_DIR/pglite (pglite-template.global.ts). */
  pglite?: string;
  /** Copied to DATA_DIR itself: a database and the files it names (seeded-data.global.ts). */
  dataDir?: string;
}

/**
 * Starts the real server (the built `main.mjs serve`) as a child process on a free port, with a fresh
 * DATA_DIR made from `template`, and waits until `GET /api/install` answers. Vitest's `inject` is not
 * available in a global setup, so the template comes as a parameter (server.ts passes the provided ones).
 *
 * The database is always the embedded PGlite in DATA_DIR/pglite: DATABASE_URL is not passed on, so every
 * spec starts from its own instance, and CI's PostgreSQL is covered by the integration
 * project instead. REDIS_URL is not passed on either: a shared Redis would carry socket.io rooms and
 * rate-limit counters between servers whose separate databases reuse the same user ids.
 */
export async function startServerFrom(
  template: ServerTemplate,
  env: Record<string, string> = {},
): Promise<E2eServer> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `No web build at ${webDist}: run "npm run build -w @voxa/web" (npm test builds its own).`,
    );
  }
  if (!existsSync(serverMain)) {
    throw new Error(
      `No server build at ${serverMain}: run "npm run build -w @voxa/server" (npm test builds its own).`,
    );
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voxa-e2e-'));
  if (template.dataDir) await cp(template.dataDir, dataDir, { recursive: true });
  else if (template.pglite) await cp(template.pglite, path.join(dataDir, 'pglite'), { recursive: true });
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'MAINTENANCE', 'TEST_DB', 'NODE_OPTIONS']) {
    delete childEnv[name];
  }
  Object.assign(childEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_DOMAIN: `localhost:${port}`,
    PUBLIC_PROTOCOL: 'http',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    ...env,
  });

  let output = '';
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  let exitCode: number | null | undefined;

  const baseUrl = `http://localhost:${port}`;
  /** Stops the server process; DATA_DIR stays. */
  const halt = async () => {
    if (child && exitCode === undefined) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child?.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
  };
  const stop = async ({ keepData = false } = {}) => {
    await halt();
    if (!keepData) await rm(dataDir, { recursive: true, force: true });
  };

  /** Spawns the server on DATA_DIR and the port, and waits until it answers. */
  const launch = async () => {
    exitCode = undefined;
    const started = spawn(process.execPath, ['--enable-source-maps', serverMain, 'serve'], {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
    void exited.then((code) => (exitCode = code ?? -1));
    await waitFor(
      'the server to answer GET /api/install',
      async () => {
        if (exitCode !== undefined) throw new Error(`server exited with code ${exitCode}`);
        const res = await fetch(`http://127.0.0.1:${port}/api/install`);
        return res.ok ? true : undefined;
      },
      // A cold start through tsx took 85 s, and 130 s at load 17, on a shared 2-core machine (the built
      // server about 2.5x less under the same load); the suite's hook allows 180 s.
      { timeoutMs: 170_000, intervalMs: 200 },
    );
  };

  try {
    await launch();
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }

  const outbox = path.join(dataDir, 'outbox');
  const readOutbox: E2eServer['readOutbox'] = (to, { subject, timeoutMs = 15_000 } = {}) =>
    waitFor(
      `a mail to ${to}${subject ? ` with subject ${subject}` : ''} in ${outbox}`,
      async () => {
        if (!existsSync(outbox)) return undefined;
        const mails: OutboxMail[] = [];
        for (const name of (await readdir(outbox)).filter((n) => n.endsWith('.json'))) {
          mails.push(JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as OutboxMail);
        }
        const matching = mails
          .filter((m) => m.to.toLowerCase() === to.toLowerCase() && (!subject || subject.test(m.subject)))
          .sort((a, b) => a.created_at.localeCompare(b.created_at));
        return matching.at(-1);
      },
      { timeoutMs },
    );

  return {
    baseUrl,
    port,
    dataDir,
    teamUrl: (slug) => `http://${slug}.localhost:${port}`,
    readOutbox,
    output: () => output,
    restart: async (whileStopped) => {
      await halt();
      await whileStopped?.();
      await launch();
    },
    stop,
  };
}
