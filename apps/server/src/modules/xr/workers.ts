import { XR_WORKER_TOKEN_PREFIX, type XrWorker } from '@voxa/contracts';
import type { TeamContext } from '../../http/context';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { hashToken, newToken } from '../../platform/secrets';
import { presentXrWorker } from './present';

export const NO_XR_WORKER = 'XR worker not found.';

/** The team's live XR workers, newest first. */
export async function listXrWorkers(db: Db, teamId: number): Promise<XrWorker[]> {
  const rows = await db
    .selectFrom('xr_workers')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  const now = new Date();
  return rows.map((row) => presentXrWorker(row, now));
}

/** A new XR worker of the team; its token is answered this once (only the hash is kept). */
export async function createXrWorker(
  db: Db,
  ctx: TeamContext,
  name: string,
): Promise<{ worker: XrWorker; token: string }> {
  const token = `${XR_WORKER_TOKEN_PREFIX}${newToken()}`;
  const row = await db
    .insertInto('xr_workers')
    .values({ team_id: ctx.team.id, name, token_hash: hashToken(token), created_by: ctx.user.id })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { worker: presentXrWorker(row), token };
}

/** Revokes the worker's token and ends its open sessions; another team's worker answers 404. */
export async function revokeXrWorker(db: Db, teamId: number, workerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('xr_workers')
      .set({ revoked_at: new Date() })
      .where('id', '=', workerId)
      .where('team_id', '=', teamId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!revoked) throw notFound(NO_XR_WORKER);
    await trx
      .updateTable('xr_sessions')
      .set({ state: 'ended', ended_at: new Date() })
      .where('xr_worker_id', '=', workerId)
      .where('state', '<>', 'ended')
      .execute();
  });
}
