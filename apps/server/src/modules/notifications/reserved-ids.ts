import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/** Ids taken from the sequence at once: one round trip serves this many notifications. */
const BATCH = 16;
const pools = new WeakMap<Db, number[]>();
const refilling = new WeakMap<Db, Promise<void>>();

async function refill(db: Db): Promise<void> {
  const pending = refilling.get(db);
  if (pending) return pending;
  const next = sql<{
    id: number;
  }>`SELECT nextval('notifications_id_seq')::int AS id FROM generate_series(1, ${BATCH})`
    .execute(db)
    .then(({ rows }) => {
      // Pushed into the same array: a caller holding it never takes an id twice.
      const ids = rows.map((r) => r.id);
      const pool = pools.get(db);
      if (pool) pool.push(...ids);
      else pools.set(db, ids);
    })
    .finally(() => refilling.delete(db));
  refilling.set(db, next);
  return next;
}

/**
 * A notification id taken from the table's sequence ahead of need, so the event can leave before the row
 * is committed (bench/realtime: the commit was most of a notification's way). Ids stay unique; their
 * order across processes follows when they were reserved, not when used, which the list tolerates.
 */
export async function reserveNotificationId(db: Db): Promise<number> {
  let pool = pools.get(db);
  while (!pool?.length) {
    await refill(db);
    pool = pools.get(db);
  }
  const id = pool.shift() as number;
  // Topped up in the background while a quarter is left.
  if (pool.length < BATCH / 4) void refill(db).catch(() => undefined);
  return id;
}
