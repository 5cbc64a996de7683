import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { filesBelow } from './files';
import { RUN_UNIQUE_TEXTS } from './identity';
import type { TestApp } from './test-app';

/**
 * The one search for planted identities after an anonymised way in (issue 38): every store the server
 * writes, each searched where its values are plain text.
 * - files: every file under DATA_DIR (the outbox folder included), its path and its bytes, a gzipped
 *   one inflated too (a .nii.gz hides its header);
 * - database: every column of every table of the server's schema, by SQL and cast to text, so a value
 *   PostgreSQL keeps compressed (TOAST) is read as the server would read it; bytea as escaped text;
 *   the job queue's rows (the `jobs` table) are among them;
 * - write-ahead log and dead rows: PGlite's data folder (tables, pg_wal), after a checkpoint; on
 *   PostgreSQL the pg_wal segments written since this server started, when the role may read them
 *   (pg_read_binary_file), searched only for the texts no other test file plants (the cluster's log
 *   holds every schema's writes);
 * - the log (the server must log at debug: a silent one would prove nothing) and the mails sent.
 * A BullMQ queue (REDIS_URL) is outside: the tests run on the database queue.
 */
export interface Finding {
  store: string;
  text: string;
}

/** What is searched for: a text, or a pattern (a serial number alone, not inside a longer number). */
export type Planted = string | RegExp;

/** The server's log must be on for the log to be searched; createTestApp takes this. */
export const SCAN_ENV = { LOG_LEVEL: 'debug' } as const;

const found = (store: string, haystack: string, texts: readonly Planted[]): Finding[] =>
  texts
    .filter((text) => (typeof text === 'string' ? haystack.includes(text) : text.test(haystack)))
    .map((text) => ({ store, text: String(text) }));

async function inFiles(t: TestApp, texts: readonly Planted[]): Promise<Finding[]> {
  const root = t.app.deps.storage.root;
  const out: Finding[] = [];
  for (const file of await filesBelow(root)) {
    const store = `file ${path.relative(root, file)}`;
    const bytes = await readFile(file);
    out.push(...found(store, `${path.relative(root, file)}\n${bytes.toString('latin1')}`, texts));
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        out.push(...found(`${store} (inflated)`, gunzipSync(bytes).toString('latin1'), texts));
      } catch {
        // Not a whole gzip stream: its raw bytes were searched above.
      }
    }
  }
  return out;
}

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
}

async function inTables(t: TestApp, texts: readonly Planted[]): Promise<Finding[]> {
  const { rows: columns } = await sql<Column>`
    SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(t.db);
  const tables = new Map<string, Column[]>();
  for (const c of columns) tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c]);
  const out: Finding[] = [];
  for (const [table, cols] of tables) {
    const values = cols.map((c, i) =>
      c.data_type === 'bytea'
        ? sql`encode(${sql.ref(c.column_name)}, 'escape') AS ${sql.ref(`c${i}`)}`
        : sql`${sql.ref(c.column_name)}::text AS ${sql.ref(`c${i}`)}`,
    );
    const { rows } = await sql<Record<string, string | null>>`
      SELECT ${sql.join(values)} FROM ${sql.table(table)}`.execute(t.db);
    cols.forEach((c, i) => {
      const text = rows.map((r) => r[`c${i}`] ?? '').join('\n');
      out.push(...found(`table ${table}.${c.column_name}`, text, texts));
    });
  }
  return out;
}

async function inLogOfWrites(t: TestApp, texts: readonly Planted[]): Promise<Finding[]> {
  if (t.pglite) {
    await t.pglite.query('CHECKPOINT');
    const dump = await t.pglite.dumpDataDir('none');
    return found(
      'PGlite data folder (tables, pg_wal)',
      Buffer.from(await dump.arrayBuffer()).toString('latin1'),
      texts,
    );
  }
  const unique = texts.filter((text) => typeof text === 'string' && RUN_UNIQUE_TEXTS.includes(text));
  // Since DATA_DIR was made, when the file system keeps its birth time.
  const born = (await stat(t.app.deps.storage.root)).birthtime;
  const since = born.getTime() > 0 ? born : new Date(0);
  let segments: { name: string }[];
  try {
    ({ rows: segments } = await sql<{ name: string }>`
      SELECT name FROM pg_ls_waldir() WHERE modification >= ${since} ORDER BY name`.execute(t.db));
  } catch {
    return []; // The role may not read the server's files: nothing more to search.
  }
  const out: Finding[] = [];
  for (const { name } of segments) {
    const { rows } = await sql<{ bytes: Buffer }>`
      SELECT pg_read_binary_file(${`pg_wal/${name}`}) AS bytes`.execute(t.db);
    out.push(...found(`pg_wal/${name}`, rows[0]?.bytes.toString('latin1') ?? '', unique));
  }
  return out;
}

/** Where each of `texts` turns up in what the server stored; empty when nowhere. */
export async function identityFindings(t: TestApp, texts: readonly Planted[]): Promise<Finding[]> {
  if (t.config.LOG_LEVEL === 'silent')
    throw new Error('The scan reads the log: start the server with SCAN_ENV.');
  return [
    ...(await inFiles(t, texts)),
    ...(await inTables(t, texts)),
    ...(await inLogOfWrites(t, texts)),
    ...found('log', t.logs.join('\n'), texts),
    ...found('mails', JSON.stringify(t.mails), texts),
  ];
}

/** Fails naming each store that still holds one of `texts`. */
export async function expectNoIdentity(t: TestApp, texts: readonly Planted[]): Promise<void> {
  expect(await identityFindings(t, texts)).toEqual([]);
}
