import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, sql, type Dialect, type LogEvent } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { CurrentSchemaDialect } from './current-schema';
import { migrationProvider } from './migrations';
import { preparingPool } from './prepared-statements';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbOptions {
  /** PostgreSQL server; PGlite is used when absent. */
  databaseUrl?: string;
  /** Folder of the embedded database; in memory when absent. */
  dataDir?: string;
  /** PostgreSQL schema to use (tests isolate themselves with one each). */
  schema?: string;
  /** An embedded database already made (tests that read its files, write-ahead log included). */
  pglite?: PGlite;
  /** Called after every statement, BEGIN and COMMIT included (tests count round trips). */
  onQuery?: (event: LogEvent) => void;
}

/** Opens the database (PostgreSQL when a URL is given, embedded PGlite otherwise) and migrates it. */
export async function openDb(options: DbOptions): Promise<Db> {
  const db = new Kysely<Database>({
    dialect: await dialectFor(options),
    ...(options.onQuery && { log: options.onQuery }),
  });
  await migrate(db, options.schema);
  return db;
}

async function dialectFor({ databaseUrl, dataDir, schema, pglite: given }: DbOptions): Promise<Dialect> {
  if (schema && !/^[a-z0-9_]+$/.test(schema)) throw new Error(`Bad schema name: ${schema}`);
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      ...(schema && { options: `-c search_path=${schema}` }),
    });
    if (schema) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await admin.end();
    }
    return new CurrentSchemaDialect({ pool: preparingPool(pool) });
  }
  if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
  const pglite = given ?? (dataDir ? new PGlite(dataDir) : new PGlite());
  await pglite.waitReady;
  return new PGliteDialect(pglite);
}

export async function migrate(db: Db, schema?: string): Promise<void> {
  // A migrated database (every start but the first) is told by one query: Kysely's migrator would first
  // look the table up in the catalogue and take its lock, half a second of an embedded start.
  if (await isMigrated(db)) return;
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema && { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

/** Whether every known migration is recorded as run (false while the migrations table does not exist). */
async function isMigrated(db: Db): Promise<boolean> {
  const known = Object.keys(await migrationProvider.getMigrations());
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    const run = new Set(rows.map((r) => r.name));
    return known.every((name) => run.has(name));
  } catch {
    return false;
  }
}
