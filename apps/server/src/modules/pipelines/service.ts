import {
  PIPELINE_CODE_TAKEN,
  PIPELINE_NOT_FOUND,
  type Pipeline,
  type PipelineBlueprint,
  type PipelineInput,
  type TeamPipeline,
} from '@voxa/contracts';
import { sql } from 'kysely';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import { visibleModels } from '../ai-models/service';
import { pipelineProblems } from './policy';

export async function listBlueprints(db: Db): Promise<PipelineBlueprint[]> {
  const rows = await db
    .selectFrom('pipeline_blueprints')
    .select(['code', 'name', 'modality_code', 'acquisitions'])
    .orderBy('sort')
    .execute();
  return rows.map((r) => ({ ...r, acquisitions: r.acquisitions.map((code) => ({ code })) }));
}

function teamPipelines(db: Db, teamId: number) {
  return db
    .selectFrom('team_pipelines as p')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .selectAll('p')
    .select('u.name as created_by_user_name')
    .where('p.team_id', '=', teamId);
}

type PipelineRow = Awaited<ReturnType<ReturnType<typeof teamPipelines>['executeTakeFirstOrThrow']>>;

function present(row: PipelineRow): TeamPipeline {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    modality_code: row.modality_code,
    acquisitions: row.acquisitions,
    blueprint_code: row.blueprint_code,
    created_by_user_name: row.created_by_user_name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listTeamPipelines(db: Db, teamId: number): Promise<TeamPipeline[]> {
  const rows = await teamPipelines(db, teamId)
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id')
    .execute();
  return rows.map(present);
}

/** GET /pipelines: what the upload offers, the team's own pipelines in the spec's shape. */
export async function uploadPipelines(db: Db, teamId: number): Promise<Pipeline[]> {
  return (await listTeamPipelines(db, teamId)).map((p) => ({
    code: p.code,
    name: p.name,
    modality_code: p.modality_code,
    acquisitions: p.acquisitions.map((a) => ({ code: a.code })),
  }));
}

export async function pipelineDetail(db: Db, teamId: number, id: number): Promise<TeamPipeline> {
  const row = await teamPipelines(db, teamId).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(PIPELINE_NOT_FOUND);
  return present(row);
}

/** The team's pipeline of this code, as an upload names it; another team's answers 404 like none. */
export async function pipelineByCode(db: Db, teamId: number, code: string) {
  const row = await db
    .selectFrom('team_pipelines')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) throw notFound(PIPELINE_NOT_FOUND);
  return row;
}

/** 422 with each field's problem unless the acquisitions and models fit the modality for this team. */
async function refuseInvalid(db: Db, teamId: number, input: PipelineInput): Promise<void> {
  const [modality, acquisitions, models] = await Promise.all([
    db.selectFrom('modalities').select('code').where('code', '=', input.modality_code).executeTakeFirst(),
    db.selectFrom('acquisitions').select('code').where('modality_code', '=', input.modality_code).execute(),
    visibleModels(db, teamId).where('m.modality', '=', input.modality_code).execute(),
  ]);
  const problems = pipelineProblems(input, {
    modalityKnown: modality !== undefined,
    acquisitions: acquisitions.map((a) => a.code),
    models: models.map((m) => m.code),
  });
  const first = Object.values(problems)[0]?.[0];
  if (first) throw unprocessable(first, problems);
}

const stored = (input: PipelineInput) => ({
  code: input.code,
  name: input.name,
  modality_code: input.modality_code,
  acquisitions: JSON.stringify(input.acquisitions),
  blueprint_code: input.blueprint_code,
});

export async function createPipeline(
  db: Db,
  actor: { teamId: number; userId: number },
  input: PipelineInput,
): Promise<TeamPipeline> {
  await refuseInvalid(db, actor.teamId, input);
  // The unique (team, code) index decides between two adding the same code at once.
  const inserted = await db
    .insertInto('team_pipelines')
    .values({ team_id: actor.teamId, created_by: actor.userId, ...stored(input) })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw conflict(PIPELINE_CODE_TAKEN);
  return pipelineDetail(db, actor.teamId, inserted.id);
}

export async function updatePipeline(
  db: Db,
  teamId: number,
  id: number,
  input: PipelineInput,
): Promise<TeamPipeline> {
  await pipelineDetail(db, teamId, id);
  await refuseInvalid(db, teamId, input);
  const taken = await db
    .selectFrom('team_pipelines')
    .select('id')
    .where('team_id', '=', teamId)
    .where('code', '=', input.code)
    .where('id', '!=', id)
    .executeTakeFirst();
  if (taken) throw conflict(PIPELINE_CODE_TAKEN);
  await db
    .updateTable('team_pipelines')
    .set({ ...stored(input), updated_at: new Date() })
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .execute();
  return pipelineDetail(db, teamId, id);
}

export async function removePipeline(db: Db, teamId: number, id: number): Promise<void> {
  const removed = await db
    .deleteFrom('team_pipelines')
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .returning('id')
    .executeTakeFirst();
  if (!removed) throw notFound(PIPELINE_NOT_FOUND);
}
