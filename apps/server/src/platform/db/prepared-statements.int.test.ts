import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema } from '../../../test/drop-schema';
import { openDb, type Db } from '.';
import { PREPARE_AFTER } from './prepared-statements';

/**
 * Named prepared statements on a real PostgreSQL (PGlite's dialect does not name them). Runs wherever
 * DATABASE_URL is set (CI sets it for both integration projects); outside CI without it, skipped.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl && (process.env.CI === 'true' || process.env.CI === '1')) {
  throw new Error('CI=true but DATABASE_URL is not set: the prepared statements need PostgreSQL');
}

describe.skipIf(!databaseUrl)('prepared statements on PostgreSQL', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let db: Db;

  beforeAll(async () => {
    db = await openDb({ databaseUrl, schema });
  });

  afterAll(async () => {
    await db?.destroy();
    if (databaseUrl) await dropSchema(databaseUrl, schema);
  });

  it('prepares a statement on the connection once it has run often, with the same answers', async () => {
    // One connection: a transaction holds it.
    const { answers, prepared } = await db.transaction().execute(async (trx) => {
      const answers = [];
      for (let i = 0; i < PREPARE_AFTER + 2; i += 1) {
        const row = await trx
          .selectFrom('teams')
          .select(sql<number>`${i}::int + 1`.as('next'))
          .union(trx.selectNoFrom(sql<number>`${i}::int + 1`.as('next')))
          .executeTakeFirstOrThrow();
        answers.push(row.next);
      }
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(trx);
      return { answers, prepared: rows };
    });
    expect(answers).toEqual(Array.from({ length: PREPARE_AFTER + 2 }, (_, i) => i + 1));
    expect(prepared.filter((p) => p.statement.includes('union'))).toEqual([
      { name: expect.stringMatching(/^voxa_\d+$/), statement: expect.stringContaining('from "teams" union') },
    ]);
  });

  it('answers an error in a prepared statement as before, and the statement still runs after it', async () => {
    const divide = (by: number) => sql<{ q: number }>`select 6 / ${by}::int as q`.execute(db);
    for (let i = 0; i < PREPARE_AFTER; i += 1) await divide(2);
    await expect(divide(0)).rejects.toThrow(/division by zero/);
    expect((await divide(3)).rows).toEqual([{ q: 2 }]);
  });

  it('parses a statement again when its first named run met a transaction already failed', async () => {
    const triple = (conn: Db, n: number) => sql<{ t: number }>`select 3 * ${n}::int as t`.execute(conn);
    // One connection throughout: a statement is prepared on a connection.
    const after = await db.connection().execute(async (conn) => {
      await conn.transaction().execute(async (trx) => {
        for (let i = 0; i < PREPARE_AFTER - 1; i += 1) await triple(trx, i);
        await expect(sql`select 1 / 0`.execute(trx)).rejects.toThrow(/division by zero/);
        // The run that names it: its parse is refused with the failed transaction.
        await expect(triple(trx, 1)).rejects.toThrow(/current transaction is aborted/);
      });
      const answer = await triple(conn, 2);
      const { rows } = await sql<{ name: string }>`
        select name from pg_prepared_statements where statement like 'select 3 * %'`.execute(conn);
      return { answer: answer.rows, prepared: rows };
    });
    expect(after).toEqual({ answer: [{ t: 6 }], prepared: [{ name: expect.stringMatching(/^voxa_\d+$/) }] });
  });
});
