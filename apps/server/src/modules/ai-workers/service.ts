import { WORKER_TOKEN_PREFIX, type AiWorker } from '@voxa/contracts';
import type { TeamContext } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { hashToken, newToken } from '../../platform/secrets';
import { revokeRefusal } from './policy';
import { presentWorker } from './present';

/** Jobs shown per worker: the running ones and the last ended. */
const JOBS_SHOWN = 10;

/** Live workers a team sees: its own and the platform's (which serve every team). */
const visibleWorkers = (db: Db, teamId: number) =>
  db
    .selectFrom('ai_workers')
    .selectAll()
    .where((eb) => eb.or([eb('team_id', '=', teamId), eb('team_id', 'is', null)]))
    .where('revoked_at', 'is', null);

/** The team's live workers and the platform's, newest first, each with its latest jobs of the team. */
export async function listWorkers(db: Db, teamId: number): Promise<AiWorker[]> {
  const workers = await visibleWorkers(db, teamId).orderBy('id', 'desc').execute();
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
    presentWorker(w, jobs.filter((j) => j.worker_id === w.id).slice(0, JOBS_SHOWN), teamId, now),
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
  return { worker: presentWorker(row, [], ctx.team.id), token };
}

/** Revokes the worker's token; what it held goes back to the queue at once. A platform worker answers 403. */
export async function removeWorker(db: Db, teamId: number, workerId: number): Promise<void> {
  const seen = await visibleWorkers(db, teamId).where('id', '=', workerId).executeTakeFirst();
  if (!seen) throw notFound('Worker not found.');
  const refusal = revokeRefusal(seen, teamId);
  if (refusal) throw forbidden(refusal);
  await retireWorker(db, workerId, teamId);
}

/** Revokes a worker (of `teamId`, or a platform one when null) and puts its running jobs back in the queue. */
export async function retireWorker(db: Db, workerId: number, teamId: number | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('ai_workers')
      .set({ revoked_at: new Date() })
      .where('id', '=', workerId)
      .where((eb) => (teamId === null ? eb('team_id', 'is', null) : eb('team_id', '=', teamId)))
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
