import { WORKER_TOKEN_PREFIX, type AiWorker } from '@voxa/contracts';
import type { TeamContext } from '../../http/context';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { hashToken, newToken } from '../../platform/secrets';
import { presentWorker } from './present';

/** Jobs shown per worker: the running ones and the last ended. */
const JOBS_SHOWN = 10;

/** The team's live workers, newest first, each with its latest jobs. */
export async function listWorkers(db: Db, teamId: number): Promise<AiWorker[]> {
  const workers = await db
    .selectFrom('ai_workers')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  if (workers.length === 0) return [];
  const jobs = await db
    .selectFrom('ai_jobs')
    .selectAll()
    .where('team_id', '=', teamId)
    .where(
      'worker_id',
      'in',
      workers.map((w) => w.id),
    )
    .orderBy('updated_at', 'desc')
    .execute();
  const now = new Date();
  return workers.map((w) =>
    presentWorker(w, jobs.filter((j) => j.worker_id === w.id).slice(0, JOBS_SHOWN), now),
  );
}

/** A new worker of the team; its token is answered this once (only the hash is kept). */
export async function createWorker(
  db: Db,
  ctx: TeamContext,
  name: string,
): Promise<{ worker: AiWorker; token: string }> {
  const token = `${WORKER_TOKEN_PREFIX}${newToken()}`;
  const row = await db
    .insertInto('ai_workers')
    .values({ team_id: ctx.team.id, name, token_hash: hashToken(token), created_by: ctx.user.id })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { worker: presentWorker(row, []), token };
}

/** Revokes the worker's token; what it held goes back to the queue at once. */
export async function removeWorker(db: Db, teamId: number, workerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('ai_workers')
      .set({ revoked_at: new Date() })
      .where('id', '=', workerId)
      .where('team_id', '=', teamId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!revoked) throw notFound('Worker not found.');
    await trx
      .updateTable('ai_jobs')
      .set({ state: 'queued', worker_id: null, lease_expires_at: null, updated_at: new Date() })
      .where('worker_id', '=', workerId)
      .where('state', '=', 'running')
      .execute();
  });
}
