import { sql, type Kysely } from 'kysely';

/** Runs a migration script one statement at a time (PGlite's query() takes a single statement). */
export async function runStatements(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
