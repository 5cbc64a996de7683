import { readFile, statfs, access, constants } from 'node:fs/promises';
import path from 'node:path';
import { WORKER_OFFLINE_AFTER_SECONDS, type ModuleHealth } from '@voxa/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { BUNDLED_VERSION, chooseNative, nativeVersion, WASM_ONLY } from '../../platform/dcm2niix';
import { formatBytes } from './format';
import serverPackage from '../../../package.json' with { type: 'json' };

const detail = (label: string, value: string | number) => ({ label, value: String(value) });
const failed = (error: unknown) => detail('Error', error instanceof Error ? error.message : String(error));

/** PGlite is PostgreSQL compiled to WebAssembly: its version says so. */
export const databaseKind = (version: string): string =>
  version.includes('wasm32') ? 'PGlite (in the process)' : 'PostgreSQL';

/** The database answers, and how fast; which one it is comes from its own version string. */
export async function databaseHealth(deps: Pick<Deps, 'db'>): Promise<ModuleHealth> {
  const base = { key: 'database', name: 'Database' };
  const started = performance.now();
  try {
    const { rows } = await sql<{ version: string }>`SELECT version() AS version`.execute(deps.db);
    const ms = performance.now() - started;
    const version = rows[0]?.version ?? '';
    return {
      ...base,
      ok: true,
      kind: databaseKind(version),
      details: [detail('Latency', `${ms.toFixed(1)} ms`), detail('Server', version)],
    };
  } catch (error) {
    return { ...base, ok: false, kind: 'unknown', details: [failed(error)] };
  }
}

/** The job queue: BullMQ on Redis when REDIS_URL is set, else the database's jobs table (its backlog shown). */
export async function queueHealth(deps: Pick<Deps, 'db' | 'config'>): Promise<ModuleHealth> {
  if (deps.config.REDIS_URL)
    return { key: 'queue', name: 'Job queue', ok: true, kind: 'BullMQ on Redis', details: [] };
  const kind = 'In the database (jobs table)';
  try {
    const counts = await deps.db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
      .where('status', 'in', ['queued', 'running', 'failed'])
      .groupBy('status')
      .execute();
    const of = (status: string) => Number(counts.find((c) => c.status === status)?.count ?? 0);
    return {
      key: 'queue',
      name: 'Job queue',
      ok: true,
      kind,
      details: [
        detail('Queued', of('queued')),
        detail('Running', of('running')),
        detail('Failed', of('failed')),
      ],
    };
  } catch (error) {
    return { key: 'queue', name: 'Job queue', ok: false, kind, details: [failed(error)] };
  }
}

/** Each binary's `-v` once per process: the answer does not change while the server runs. */
const versions = new Map<string, Promise<string | null>>();

/**
 * The dcm2niix build conversions use: the native binary when it answers and is new enough (or forced),
 * WebAssembly otherwise (decisions 0015, 0027, 0087).
 */
export async function dcm2niixHealth(binary: string | undefined, forceNative = false): Promise<ModuleHealth> {
  const base = { key: 'dcm2niix', name: 'dcm2niix' };
  if (binary === WASM_ONLY)
    return { ...base, ok: true, kind: 'WebAssembly only', details: [detail('DCM2NIIX_BINARY', WASM_ONLY)] };
  const candidate = binary ?? 'dcm2niix';
  let version = versions.get(candidate);
  if (!version) versions.set(candidate, (version = nativeVersion(candidate)));
  const found = await version;
  if (!found)
    return {
      ...base,
      // Conversions still run (WebAssembly), but a binary named and broken is a fault to show.
      ok: binary === undefined,
      kind: 'WebAssembly (no native binary)',
      details: [detail('Binary tried', candidate)],
    };
  if (chooseNative(candidate, found, forceNative, binary !== undefined).build === 'wasm')
    return {
      ...base,
      ok: true,
      kind: `WebAssembly ${BUNDLED_VERSION} (native ${found} is older)`,
      details: [detail('Binary set aside', candidate), detail('DCM2NIIX_FORCE_NATIVE', 'off')],
    };
  return {
    ...base,
    ok: true,
    kind: `Native ${found}`,
    details: [
      detail('Binary', candidate),
      detail('Fallback', `WebAssembly ${BUNDLED_VERSION}`),
      ...(forceNative ? [detail('DCM2NIIX_FORCE_NATIVE', 'on')] : []),
    ],
  };
}

/** AI workers of every team and the platform's, by state. Fine when none is needed; shown so. */
export async function aiWorkersHealth(deps: Pick<Deps, 'db' | 'config'>): Promise<ModuleHealth> {
  const since = new Date(Date.now() - WORKER_OFFLINE_AFTER_SECONDS * 1000);
  const rows = await deps.db
    .selectFrom('ai_workers')
    .select(['team_id', 'last_seen_at'])
    .where('revoked_at', 'is', null)
    .execute()
    .catch((error: unknown) => error as Error);
  if (rows instanceof Error)
    return { key: 'ai-workers', name: 'AI workers', ok: false, kind: 'unknown', details: [failed(rows)] };
  const online = rows.filter((r) => r.last_seen_at && r.last_seen_at >= since);
  return {
    key: 'ai-workers',
    name: 'AI workers',
    ok: true,
    kind: `${online.length} of ${rows.length} online`,
    details: [
      detail('Platform workers online', online.filter((r) => r.team_id === null).length),
      detail('Team workers online', online.filter((r) => r.team_id !== null).length),
      detail('Built-in CPU worker', deps.config.AI_BUILTIN_WORKER),
    ],
  };
}

/** DATA_DIR: writable, and the room left on its file system. */
export async function storageHealth(dataDir: string): Promise<ModuleHealth> {
  const base = { key: 'storage', name: 'Storage', kind: 'Files under DATA_DIR' };
  try {
    await access(dataDir, constants.W_OK);
    const fs = await statfs(dataDir);
    return {
      ...base,
      ok: true,
      details: [
        detail('DATA_DIR', dataDir),
        detail('Free', formatBytes(fs.bavail * fs.bsize)),
        detail('Size', formatBytes(fs.blocks * fs.bsize)),
      ],
    };
  } catch (error) {
    return { ...base, ok: false, details: [detail('DATA_DIR', dataDir), failed(error)] };
  }
}

/** The server's and the web build's versions, and the runtime's. */
export async function appHealth(webDist: string): Promise<ModuleHealth> {
  const server = serverPackage.version;
  const web = await readVersion(path.join(webDist, 'version.json'));
  return {
    key: 'app',
    name: 'Voxa',
    ok: true,
    kind: server,
    details: [detail('Web build', web ?? 'not built'), detail('Node.js', process.version)],
  };
}

async function readVersion(file: string): Promise<string | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : null;
  } catch {
    return null;
  }
}
