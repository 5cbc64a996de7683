import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema } from '../../../test/drop-schema';
import { openDb, type Db } from '.';
import { migrationProvider } from './migrations';

/**
 * The migrator's questions on a real PostgreSQL answered from the server's own schema only: another
 * schema's tables (its migration table included) are neither listed nor taken for ours. Runs wherever
 * DATABASE_URL is set (CI sets it for both integration projects); outside CI without it, skipped.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl && (process.env.CI === 'true' || process.env.CI === '1')) {
  throw new Error('CI=true but DATABASE_URL is not set: the schema introspection needs PostgreSQL');
}

describe.skipIf(!databaseUrl)('introspection of the current schema on PostgreSQL', () => {
  const ours = `t_${randomBytes(6).toString('hex')}`;
  const theirs = `t_${randomBytes(6).toString('hex')}`;
  let db: Db;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${theirs}"`);
    await admin.query(`CREATE TABLE "${theirs}".kysely_migration (name varchar(255) PRIMARY KEY)`);
    await admin.query(`CREATE TABLE "${theirs}".not_ours (id int)`);
    await admin.end();
    db = await openDb({ databaseUrl, schema: ours });
  });

  afterAll(async () => {
    await db?.destroy();
    if (databaseUrl) await Promise.all([dropSchema(databaseUrl, ours), dropSchema(databaseUrl, theirs)]);
  });

  it('lists the tables of its own schema only, the migration tables among them', async () => {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([ours]));
    const names = tables.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'teams']));
    expect(names).not.toContain('not_ours');
  });

  it('migrated its own schema fully although another schema held a migration table', async () => {
    const known = Object.keys(await migrationProvider.getMigrations());
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    expect(rows.map((r) => r.name)).toEqual(known.sort());
  });
});
