import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** A text is prepared once it has run this often (JDBC's prepareThreshold: one-off texts stay unnamed). */
export const PREPARE_AFTER = 5;
/** At most this many texts get a name, so each connection holds at most this many prepared statements. */
export const MAX_PREPARED = 256;
/** Texts counted while not yet named; the count starts again past this (texts that vary never pile up). */
const MAX_COUNTED = 4096;

/**
 * Which statement texts run as named prepared statements: a text with parameters (Kysely's are always
 * parameterised) that has run PREPARE_AFTER times, while fewer than MAX_PREPARED have names. PostgreSQL
 * then parses it once a connection and, once its plans show a generic one does as well, plans it once
 * too (docs/decisions/0077). A text without parameters stays on the simple protocol, which also
 * admits several statements in one text.
 */
export function statementNames(): (text: string, parameterCount: number) => string | undefined {
  const named = new Map<string, string>();
  const counts = new Map<string, number>();
  return (text, parameterCount) => {
    const name = named.get(text);
    if (name || parameterCount === 0 || named.size >= MAX_PREPARED) return name;
    const count = (counts.get(text) ?? 0) + 1;
    if (count < PREPARE_AFTER) {
      if (counts.size >= MAX_COUNTED) counts.clear();
      counts.set(text, count);
      return undefined;
    }
    counts.delete(text);
    const given = `voxa_${named.size}`;
    named.set(text, given);
    return given;
  };
}

/** `pool` for Kysely's PostgreSQL dialect, its statements named by `statementNames` (one naming per pool). */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const nameOf = statementNames();
  return {
    connect: async () => {
      const client = await pool.connect();
      const query = (text: string, parameters: readonly unknown[]) =>
        client.query({ name: nameOf(text, parameters.length), text, values: [...parameters] });
      // Kysely passes a cursor only to a dialect configured with one, and ours is not.
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
