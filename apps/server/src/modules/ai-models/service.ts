import {
  AI_MODEL_CODE_TAKEN,
  type AiModel,
  type AiModelFields,
  type AiModelFilter,
  type AiModelShort,
} from '@voxa/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import { aiModelFileKey } from '../../platform/storage/layout';
import { containsPattern } from '../structures/fields';
import { structureBySlug } from '../structures/find';
import { canEdit, changeRefusal, fileFitProblems } from './policy';
import { presentModel, storedFields, type ModelRow } from './present';

const NOT_FOUND = 'AI model not found.';

/** Models the team sees (policy.canSee as SQL): built-in, its own, other teams' public ones. */
export function visibleModels(db: Db, teamId: number) {
  return db
    .selectFrom('ai_models as m')
    .innerJoin('structures as s', 's.id', 'm.structure_id')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .leftJoin('teams as t', 't.id', 'm.team_id')
    .selectAll('m')
    .select([
      's.title as structure_name',
      's.slug as structure_slug',
      's.color as structure_color',
      'u.name as created_by_user_name',
      't.title as created_by_team_name',
      // The catalogue's colours of the structure's classes by label value (decision 0098).
      sql<Record<string, string | null> | null>`(SELECT json_object_agg(sc.value, c.color)
        FROM structure_classes sc JOIN structures c ON c.id = sc.class_id
        WHERE sc.structure_id = m.structure_id)`.as('class_colors'),
    ])
    .where((eb) =>
      eb.or([eb('m.team_id', 'is', null), eb('m.team_id', '=', teamId), eb('m.is_private', '=', false)]),
    );
}

const present = (ctx: TeamContext) => (row: ModelRow) =>
  presentModel(row, canEdit(row, ctx.team.id, ctx.permissions));

/** Built-in first in their seeded order, then the team's own, then other teams', each by name. */
export async function listModels(
  db: Db,
  ctx: TeamContext,
  filter: AiModelFilter,
): Promise<{ models: AiModel[] | AiModelShort[] }> {
  let q = visibleModels(db, ctx.team.id);
  if (filter.search) {
    const like = containsPattern(filter.search);
    q = q.where(sql<boolean>`(lower(m.name) like ${like} or lower(m.code) like ${like})`);
  }
  if (filter.modality) q = q.where('m.modality', '=', filter.modality);
  if (filter.runtime) q = q.where('m.runtime', '=', filter.runtime);
  const rows = await q
    .orderBy(sql`CASE WHEN m.team_id IS NULL THEN 0 WHEN m.team_id = ${ctx.team.id} THEN 1 ELSE 2 END`)
    .orderBy(sql`CASE WHEN m.team_id IS NULL THEN m.id END`)
    .orderBy(sql`lower(m.name)`)
    .orderBy('m.id')
    .execute();
  if (filter.i) return { models: rows.map((r) => ({ id: r.id, code: r.code })) };
  return { models: rows.map(present(ctx)) };
}

export async function findVisibleModel(db: Db, teamId: number, id: number): Promise<ModelRow> {
  const row = await visibleModels(db, teamId).where('m.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** One the team may change: another team's private one answers 404 like a missing one, a visible one 403. */
export async function ownModel(db: Db, teamId: number, id: number): Promise<ModelRow> {
  const row = await findVisibleModel(db, teamId, id);
  const refusal = changeRefusal(row, teamId);
  if (refusal) throw forbidden(refusal);
  return row;
}

export async function modelDetail(db: Db, ctx: TeamContext, id: number): Promise<AiModel> {
  return present(ctx)(await findVisibleModel(db, ctx.team.id, id));
}

/** Codes are unique among the team's own and the built-in models, which inferences name by code. */
async function refuseTakenCode(db: Db, teamId: number, code: string, except?: number): Promise<void> {
  let q = db
    .selectFrom('ai_models')
    .select('id')
    .where('code', '=', code)
    .where((eb) => eb.or([eb('team_id', '=', teamId), eb('team_id', 'is', null)]));
  if (except !== undefined) q = q.where('id', '!=', except);
  if (await q.executeTakeFirst()) throw conflict(AI_MODEL_CODE_TAKEN);
}

/** A parent must be visible (404 otherwise) and not the model itself nor one derived from it. */
async function checkParent(db: Db, teamId: number, parentId: number | null, self?: number): Promise<void> {
  if (parentId === null) return;
  const parent = await visibleModels(db, teamId).where('m.id', '=', parentId).executeTakeFirst();
  if (!parent) throw notFound('Parent model not found.');
  if (self === undefined) return;
  const ancestors = await sql<{ id: number }>`
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT id, parent_id FROM ai_models WHERE id = ${parentId}
      UNION SELECT a.id, a.parent_id FROM ai_models a JOIN up ON a.id = up.parent_id
    ) SELECT id FROM up`.execute(db);
  if (ancestors.rows.some((r) => r.id === self))
    throw unprocessable('A model cannot derive from itself.', {
      parent_id: ['A model cannot derive from itself.'],
    });
}

export async function createModel(db: Db, ctx: TeamContext, input: AiModelFields): Promise<AiModel> {
  const teamId = ctx.team.id;
  const structure = await structureBySlug(db, teamId, input.structure);
  await checkParent(db, teamId, input.parent_id);
  await refuseTakenCode(db, teamId, input.code);
  // Two people adding the same code at once: the unique index keeps one, the other gets 409.
  const inserted = await db
    .insertInto('ai_models')
    .values({
      team_id: teamId,
      created_by: ctx.user.id,
      is_derived: input.parent_id !== null,
      ...storedFields(input, structure.id),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw conflict(AI_MODEL_CODE_TAKEN);
  return modelDetail(db, ctx, inserted.id);
}

/**
 * PUT replaces the whole model. An uploaded file must still fit the channels and segments (422); a model
 * turned external loses its file. is_derived, once set, stays: the model was trained from another.
 */
export async function updateModel(
  deps: Deps,
  ctx: TeamContext,
  id: number,
  input: AiModelFields,
): Promise<AiModel> {
  const { db } = deps;
  const teamId = ctx.team.id;
  const row = await ownModel(db, teamId, id);
  const structure = await structureBySlug(db, teamId, input.structure);
  await checkParent(db, teamId, input.parent_id, id);
  await refuseTakenCode(db, teamId, input.code, id);
  const dropFile = input.runtime === 'external' && row.file_header !== null;
  if (row.file_header && !dropFile) {
    const problems = fileFitProblems(row.file_header, input);
    if (Object.keys(problems).length)
      throw unprocessable('The uploaded model file does not fit these settings.', problems);
  }
  const updated = await db
    .updateTable('ai_models')
    .set({
      ...storedFields(input, structure.id),
      is_derived: row.is_derived || input.parent_id !== null,
      updated_at: new Date(),
      ...(dropFile && { file_size: null, file_sha256: null, file_header: null, file_uploaded_at: null }),
    })
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .returning('id')
    .executeTakeFirst()
    .catch((error: unknown) => {
      if ((error as { code?: unknown } | null)?.code === '23505') throw conflict(AI_MODEL_CODE_TAKEN);
      throw error;
    });
  if (!updated) throw notFound(NOT_FOUND);
  if (dropFile) await deps.storage.remove(aiModelFileKey(teamId, id));
  return modelDetail(db, ctx, id);
}

/** Deletes the model and its file; models derived from it lose their parent and stay derived. */
export async function removeModel(deps: Deps, ctx: TeamContext, id: number): Promise<void> {
  await ownModel(deps.db, ctx.team.id, id);
  await deps.db.deleteFrom('ai_models').where('id', '=', id).where('team_id', '=', ctx.team.id).execute();
  await deps.storage.remove(aiModelFileKey(ctx.team.id, id));
}
