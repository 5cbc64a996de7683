import { randomUUID } from 'node:crypto';
import {
  INFERENCE_ENDED,
  INFERENCE_NO_SERIES,
  INFERENCE_NOT_CREATED,
  INFERENCE_PAGE_SIZE,
  type Inference,
  type InferenceCreateBody,
  type InferenceCreated,
  type InferenceDetail,
  type InferenceList,
  type InferenceListQuery,
  type InferenceStartBody,
} from '@voxa/contracts';
import { sql } from 'kysely';
import type { TeamContext } from '../../http/context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import { findVisibleModel } from '../ai-models/service';
import type { ModelRow } from '../ai-models/present';
import { workerStatus } from '../ai-workers/policy';
import { requeueLapsedInferences } from '../ai-workers/protocol';
import { settingsOf, teamSettings, teamWorkers } from './configuration';
import { chooseSeries, inferenceReason, OPEN_STATES, startParameters, type ServingWorker } from './policy';
import { presentInference, presentInferenceDetail, type InferenceRow } from './present';

const NOT_FOUND = 'Inference not found.';

/** The team's inferences with what they are shown with: series, study, model, author, worker. */
export function inferenceRows(db: Db, teamId: number) {
  return db
    .selectFrom('ai_jobs as j')
    .innerJoin('series as se', 'se.id', 'j.series_id')
    .innerJoin('studies as st', 'st.id', 'se.study_id')
    .leftJoin('ai_models as m', 'm.id', 'j.model_id')
    .leftJoin('users as u', 'u.id', 'j.created_by')
    .leftJoin('ai_workers as w', 'w.id', 'j.worker_id')
    .selectAll('j')
    .select([
      'se.uuid as series_uuid',
      'se.data as series_data',
      'se.modality_code',
      'se.series_number',
      'st.id as study_id',
      'st.uuid as study_uuid',
      'st.data as study_data',
      'm.name as model_name',
      'u.name as created_by_user_name',
      'w.name as worker_name',
    ])
    .where('j.team_id', '=', teamId)
    .where('j.kind', '=', 'inference');
}

/** The workers that could serve the team's inferences now, as the reasons read them. */
export async function servingWorkers(db: Db, teamId: number): Promise<ServingWorker[]> {
  const now = new Date();
  return (await teamWorkers(db, teamId)).map((w) => ({
    models: w.models,
    online: workerStatus(w.last_seen_at, now) === 'online',
  }));
}

/** Presents rows with their reasons, read against the workers once. */
export async function presentRows(db: Db, teamId: number, rows: InferenceRow[]): Promise<Inference[]> {
  const workers = rows.some((r) => r.state === 'queued') ? await servingWorkers(db, teamId) : [];
  return rows.map((r) => presentInference(r, inferenceReason(r, workers)));
}

async function inferenceRow(db: Db, teamId: number, id: number): Promise<InferenceRow> {
  const row = await inferenceRows(db, teamId).where('j.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function presentOne(db: Db, teamId: number, id: number): Promise<Inference> {
  const [one] = await presentRows(db, teamId, [await inferenceRow(db, teamId, id)]);
  if (!one) throw notFound(NOT_FOUND);
  return one;
}

/** A study of the team by its uuid, with its series as the choice of a series reads them. */
export async function caseOf(db: Db, teamId: number, uuid: string) {
  const study = await db
    .selectFrom('studies')
    .select(['id', 'uuid', 'data'])
    .where('uuid', '=', uuid)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!study) return undefined;
  const series = await db
    .selectFrom('series')
    .select(['id', 'uuid', 'status', 'modality_code', 'ref_serie', 'sort'])
    .where('study_id', '=', study.id)
    .execute();
  return { ...study, series };
}

/** An inference row of a model over a series: its structure and segments are the model's, fixed now. */
export function newJob(
  model: Pick<ModelRow, 'id' | 'code' | 'structure_id' | 'segments'>,
  job: {
    teamId: number;
    seriesId: number;
    createdBy: number | null;
    state: 'created' | 'queued';
    parameters?: Record<string, unknown>;
    automatic?: boolean;
    batchId?: number;
  },
) {
  return {
    team_id: job.teamId,
    series_id: job.seriesId,
    model_id: model.id,
    model_code: model.code,
    structure_id: model.structure_id,
    segments: JSON.stringify(model.segments.map((s) => ({ title: s.title, value: s.value }))),
    parameters: JSON.stringify(job.parameters ?? {}),
    state: job.state,
    trace_id: randomUUID(),
    created_by: job.createdBy,
    automatic: job.automatic ?? false,
    batch_id: job.batchId ?? null,
  };
}

/** POST ai2/infer/create: a created inference of a model the team sees over a series of its case. */
export async function createInference(
  db: Db,
  ctx: TeamContext,
  body: InferenceCreateBody,
): Promise<InferenceCreated> {
  const study = await caseOf(db, ctx.team.id, body.caseId);
  if (!study) throw notFound('Study not found.');
  const model = await findVisibleModel(db, ctx.team.id, body.modelId);
  if (body.taskId && !study.series.some((s) => s.uuid === body.taskId)) throw notFound('Series not found.');
  const series = chooseSeries(study.series, model.modality, body.taskId);
  if (!series) throw unprocessable(INFERENCE_NO_SERIES, { taskId: [INFERENCE_NO_SERIES] });
  const job = await db
    .insertInto('ai_jobs')
    .values(
      newJob(model, { teamId: ctx.team.id, seriesId: series.id, createdBy: ctx.user.id, state: 'created' }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { inferenceId: job.id, caseId: study.uuid, modelId: model.id, taskId: series.uuid };
}

/** POST /svc/ai2/infer/start: a created inference is queued with n and mp (else the team's defaults). */
export async function startInference(
  db: Db,
  ctx: TeamContext,
  params: { caseId: string; inferenceId: number },
  body: InferenceStartBody,
): Promise<Inference> {
  const teamId = ctx.team.id;
  const row = await inferenceRow(db, teamId, params.inferenceId);
  if (row.study_uuid !== params.caseId) throw notFound(NOT_FOUND);
  const answered =
    body.inferenceId === row.id &&
    body.caseId === row.study_uuid &&
    body.modelId === row.model_id &&
    body.taskId === row.series_uuid;
  if (!answered) throw unprocessable('The body is not this inference’s create answer.');
  if (row.state !== 'created') throw conflict(INFERENCE_NOT_CREATED);
  const settings = await teamSettings(db, teamId);
  const defaults =
    row.model_id === null
      ? { n: null, mp: {} }
      : settingsOf(settings, { id: row.model_id, code: row.model_code });
  const now = new Date();
  const started = await db
    .updateTable('ai_jobs')
    .set({ state: 'queued', parameters: JSON.stringify(startParameters(body, defaults)), updated_at: now })
    .where('id', '=', row.id)
    .where('team_id', '=', teamId)
    .where('state', '=', 'created')
    .returning('id')
    .executeTakeFirst();
  // Two starts at once: the other one queued it.
  if (!started) throw conflict(INFERENCE_NOT_CREATED);
  return presentOne(db, teamId, row.id);
}

/** The team's inferences, newest first, a page at a time. */
export async function listInferences(
  db: Db,
  teamId: number,
  query: InferenceListQuery,
): Promise<InferenceList> {
  await requeueLapsedInferences(db, teamId);
  let q = inferenceRows(db, teamId);
  if (query.study) q = q.where('st.uuid', '=', query.study);
  if (query.state) q = q.where('j.state', '=', query.state);
  if (query.model) q = q.where('j.model_code', '=', query.model);
  const [rows, count] = await Promise.all([
    q
      .orderBy('j.created_at', 'desc')
      .orderBy('j.id', 'desc')
      .limit(INFERENCE_PAGE_SIZE)
      .offset((query.page - 1) * INFERENCE_PAGE_SIZE)
      .execute(),
    q
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: await presentRows(db, teamId, rows), total: count.total };
}

export async function inferenceDetail(db: Db, teamId: number, id: number): Promise<InferenceDetail> {
  await requeueLapsedInferences(db, teamId);
  const row = await inferenceRow(db, teamId, id);
  const workers = row.state === 'queued' ? await servingWorkers(db, teamId) : [];
  return presentInferenceDetail(row, inferenceReason(row, workers));
}

/**
 * Cancels an inference not yet ended; its worker, if one runs it, hears stop at its next heartbeat or
 * progress and its result is refused (the protocol holds only running jobs as a worker's own).
 */
export async function cancelInference(db: Db, teamId: number, id: number): Promise<Inference> {
  const now = new Date();
  const cancelled = await db
    .updateTable('ai_jobs')
    .set({ state: 'cancelled', lease_expires_at: null, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .where('kind', '=', 'inference')
    .where('state', 'in', [...OPEN_STATES])
    .returning('id')
    .executeTakeFirst();
  if (!cancelled) {
    await inferenceRow(db, teamId, id);
    throw conflict(INFERENCE_ENDED);
  }
  return presentOne(db, teamId, id);
}
