import {
  TRANSFER_FUNCTION_BUILT_IN,
  TRANSFER_FUNCTION_NAME_TAKEN,
  type TransferFunction,
  type TransferFunctionFilter,
  type TransferFunctionInput,
} from '@voxa/contracts';
import { sql } from 'kysely';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { presentTransferFunction, storedFields } from './present';

/** Transfer functions the team sees: the built-in ones and its own, with their author's name. */
function visible(db: Db, teamId: number) {
  return db
    .selectFrom('transfer_functions as tf')
    .leftJoin('users', 'users.id', 'tf.created_by')
    .selectAll('tf')
    .select('users.name as created_by_name')
    .where((eb) => eb.or([eb('tf.team_id', '=', teamId), eb('tf.team_id', 'is', null)]));
}

/** Built-in first, in their seeded order (soft tissue before lung), then the team's by name. */
export async function listTransferFunctions(
  db: Db,
  teamId: number,
  filter: TransferFunctionFilter,
): Promise<TransferFunction[]> {
  let q = visible(db, teamId);
  if (filter.kind) q = q.where('tf.kind', '=', filter.kind);
  const modality = filter.modality;
  if (modality) q = q.where((eb) => eb.or([eb('tf.modality', '=', modality), eb('tf.modality', 'is', null)]));
  const rows = await q
    .orderBy(sql`tf.team_id IS NOT NULL`)
    .orderBy(sql`CASE WHEN tf.team_id IS NULL THEN tf.id END`)
    .orderBy(sql`lower(tf.name)`)
    .orderBy('tf.id')
    .execute();
  return rows.map(presentTransferFunction);
}

async function findVisible(db: Db, teamId: number, id: number) {
  const row = await visible(db, teamId).where('tf.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Transfer function not found.');
  return row;
}

/** One of the team's own: another team's answers 404 like a missing one, a built-in one 403. */
async function ownTransferFunction(db: Db, teamId: number, id: number) {
  const row = await findVisible(db, teamId, id);
  if (row.team_id === null) throw forbidden(TRANSFER_FUNCTION_BUILT_IN);
  return row;
}

/** Names are unique among those the team sees, without case, so a picker never shows two alike. */
async function refuseTakenName(db: Db, teamId: number, name: string, except?: number): Promise<void> {
  let q = visible(db, teamId).where(sql<string>`lower(tf.name)`, '=', name.toLowerCase());
  if (except !== undefined) q = q.where('tf.id', '!=', except);
  if (await q.executeTakeFirst()) throw conflict(TRANSFER_FUNCTION_NAME_TAKEN);
}

export async function createTransferFunction(
  db: Db,
  actor: { teamId: number; userId: number },
  input: TransferFunctionInput,
): Promise<TransferFunction> {
  await refuseTakenName(db, actor.teamId, input.name);
  // Two people adding the same name at once: the unique index keeps one, the other gets 409.
  const inserted = await db
    .insertInto('transfer_functions')
    .values({ team_id: actor.teamId, created_by: actor.userId, ...storedFields(input) })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw conflict(TRANSFER_FUNCTION_NAME_TAKEN);
  return presentTransferFunction(await findVisible(db, actor.teamId, inserted.id));
}

/** PUT replaces the whole transfer function, its kind included. */
export async function updateTransferFunction(
  db: Db,
  teamId: number,
  id: number,
  input: TransferFunctionInput,
): Promise<TransferFunction> {
  await ownTransferFunction(db, teamId, id);
  await refuseTakenName(db, teamId, input.name, id);
  const updated = await db
    .updateTable('transfer_functions')
    .set({ ...storedFields(input), updated_at: new Date() })
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .returning('id')
    .executeTakeFirst()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(TRANSFER_FUNCTION_NAME_TAKEN);
      throw error;
    });
  if (!updated) throw notFound('Transfer function not found.');
  return presentTransferFunction(await findVisible(db, teamId, id));
}

export async function removeTransferFunction(db: Db, teamId: number, id: number): Promise<void> {
  await ownTransferFunction(db, teamId, id);
  await db.deleteFrom('transfer_functions').where('id', '=', id).where('team_id', '=', teamId).execute();
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
