import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDb, type Db, type DbOptions } from '../src/platform/db';
import type { Mail, Mailer } from '../src/platform/mail';
import { dropSchema } from './drop-schema';
import { newTestPglite } from './pglite-template';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** http://127.0.0.1:PORT — real HTTP, the server listens. */
  url: string;
  /** Every mail sent, newest last. */
  mails: Mail[];
  /** Every log line written (none at the default level, silent). */
  logs: string[];
  /** The embedded database, when the test runs on one: its files can be read (dumpDataDir). */
  pglite?: PGlite;
  /** fetch against /api (or opts.prefix) with JSON, the token and a team (as the `Team` header). */
  call: (method: string, apiPath: string, opts?: CallOptions) => Promise<CallResult>;
  /**
   * Stops the server and starts a new one on the same DATA_DIR and database, as after a process
   * restart: everything the old one held in memory is gone; `app` and `url` change. The database
   * connection is kept: only the server restarts (`reopen` closes the database too).
   */
  restart: () => Promise<void>;
  /** Where the database is, for another process to open it (an embedded one only when on disk). */
  dbLocation: { pgliteDir?: string; databaseUrl?: string; schema?: string };
  /**
   * Stops the server and closes the database, runs `whileClosed` (another process may use the database
   * then: an embedded one allows one process at a time), and opens both again; `db`, `app`, `url` change.
   */
  reopen: (whileClosed: () => Promise<void>) => Promise<void>;
  close: () => Promise<void>;
}

export interface CallOptions {
  token?: string;
  team?: string;
  body?: unknown;
  /** The host's prefix: /api (default) or /svc for the services host. */
  prefix?: '/api' | '/svc' | '/dicom-web';
  /** Raw body text, sent as JSON content type (for malformed-input tests). */
  raw?: string;
  /** A file's bytes, sent as application/octet-stream. */
  bytes?: Uint8Array;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  // Tests read arbitrary answer shapes; each test asserts the fields it needs.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * A real server on a fresh database: PGlite in memory, or a new schema on PostgreSQL when the
 * project runs with TEST_DB=postgres (DATABASE_URL set).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<DbOptions, 'onQuery'> & {
    pgliteDir?: string;
    /** Runs the background jobs (default true); a test may start them later with `registerJobs`. */
    workers?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voxa-test-'));
  const usePostgres = process.env.TEST_DB === 'postgres' && process.env.DATABASE_URL;
  const schema = usePostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BASE_DOMAIN: 'voxa.test',
    LOGIN_RATE_LIMIT: '1000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
    // Each test server has its own database, so its jobs must not reach another server's workers.
    QUEUE_PREFIX: `voxa-test-${randomBytes(6).toString('hex')}`,
    // A test that runs inference turns it on; elsewhere its polling would only load the database.
    AI_BUILTIN_WORKER: 'off',
    ...env,
  });
  const mails: Mail[] = [];
  const logs: string[] = [];
  const logStream = { write: (line: string) => void logs.push(line) };
  const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
  const start = async (db: Db) => {
    const app = await buildApp({
      config: { ...config, DATABASE_URL: usePostgres ? process.env.DATABASE_URL : undefined },
      db,
      mailer,
      logStream,
      workers: options.workers ?? true,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return { app, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
  };
  const pglite = usePostgres ? undefined : await newTestPglite(options.pgliteDir);
  const { onQuery } = options;
  const db = await openDb({
    ...(usePostgres ? { databaseUrl: process.env.DATABASE_URL, schema } : { pglite }),
    ...(onQuery && { onQuery }),
  });
  const { app, url } = await start(db);

  const call = async (method: string, apiPath: string, opts: CallOptions = {}): Promise<CallResult> => {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.team) headers.team = opts.team;
    const payload =
      opts.bytes ?? opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    if (opts.bytes) headers['content-type'] ??= 'application/octet-stream';
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    // `t.url`, not the first `url`: a restart moves the server to a new port.
    const res = await fetch(`${t.url}${opts.prefix ?? '/api'}${apiPath}`, { method, headers, body: payload });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text so the assertion shows it
    }
    return { status: res.status, body };
  };

  const t: TestApp = {
    app,
    db,
    config,
    url,
    mails,
    logs,
    pglite,
    call,
    restart: async () => {
      await t.app.close();
      Object.assign(t, await start(t.db));
    },
    dbLocation: usePostgres
      ? { databaseUrl: process.env.DATABASE_URL, schema }
      : { ...(options.pgliteDir && { pgliteDir: options.pgliteDir }) },
    reopen: async (whileClosed) => {
      if (!usePostgres && !options.pgliteDir) throw new Error('an in-memory database cannot be reopened');
      await t.app.close();
      await t.db.destroy();
      await whileClosed();
      const again = usePostgres ? undefined : new PGlite(options.pgliteDir);
      const reopened = await openDb({
        ...(usePostgres ? { databaseUrl: process.env.DATABASE_URL, schema } : { pglite: again }),
        ...(onQuery && { onQuery }),
      });
      Object.assign(t, { db: reopened, pglite: again }, await start(reopened));
    },
    close: async () => {
      await t.app.close();
      await t.db.destroy();
      if (usePostgres && schema) await dropSchema(usePostgres, schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
