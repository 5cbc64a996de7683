import { randomUUID } from 'node:crypto';
import {
  AI_MODEL_MIN_VAL_DICE,
  TRAINING_ENDED,
  TRAINING_INVALID,
  TRAINING_NOT_CREATED,
  type Training,
  type TrainingCreateBody,
  type TrainingCreated,
  type TrainingDetail,
  type TrainingSegmentation,
  type TrainingStartBody,
} from '@voxa/contracts';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import { iso } from '../common/time';
import { findVisibleModel } from '../ai-models/service';
import { requeueLapsed } from '../ai-workers/protocol';
import { segmentationAccess } from '../segmentations/access';
import { liveSegmentsOf } from '../segmentations/live-segments';
import { readSeriesData } from '../studies/series-data';
import { nextTrainingState, STOPPABLE_STATES, trainingMismatch, trainingState } from './policy';
import { presentTraining, presentTrainingDetail } from './present';

const NOT_FOUND = 'Training not found.';
/** The most segmentations answered when none are named (a create page's choice). */
const CANDIDATES_SHOWN = 500;

/** Whether the caller reads the team's segmentations at all (a shared one is still read by the team). */
const readsSegmentations = (ctx: TeamContext) =>
  segmentationAccess({
    rbacEnabled: false,
    permissions: ctx.permissions,
    isCreator: false,
    isAssigned: false,
  }).read;

/**
 * GET ai2/ai-train/{modelId}/train-segmentation: the team's segmentations named (another team's, or any
 * for a caller who reads no segmentation, are not found), else the team's of the model's structure,
 * newest first; each with its live segments and the spec's rule applied against the model's segments.
 */
export async function trainSegmentations(
  db: Db,
  ctx: TeamContext,
  modelId: number,
  ids: number[] | undefined,
): Promise<TrainingSegmentation[]> {
  const teamId = ctx.team.id;
  const model = await findVisibleModel(db, teamId, modelId);
  if (!readsSegmentations(ctx)) {
    if (ids) throw notFound('Segmentation not found.');
    return [];
  }
  let q = db
    .selectFrom('segmentations as sg')
    .innerJoin('series as se', 'se.id', 'sg.series_id')
    .innerJoin('studies as st', 'st.id', 'sg.study_id')
    .select([
      'sg.id',
      'sg.created_at',
      'se.uuid as series_uuid',
      'se.data as series_data',
      'se.series_number',
      'st.uuid as study_uuid',
      'st.data as study_data',
    ])
    .where('sg.team_id', '=', teamId);
  q = ids ? q.where('sg.id', 'in', ids) : q.where('sg.structure_id', '=', model.structure_id);
  const rows = await q
    .orderBy('sg.created_at', 'desc')
    .orderBy('sg.id', 'desc')
    .limit(CANDIDATES_SHOWN)
    .execute();
  if (ids && rows.length !== new Set(ids).size) throw notFound('Segmentation not found.');
  const segments = await liveSegmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const own = segments
      .filter((s) => s.segmentation_id === r.id)
      .map(({ title, value }) => ({ title, value }));
    const reason = trainingMismatch(own, model.segments);
    const series = readSeriesData(r.series_data);
    const patient = r.study_data.patientName;
    return {
      segmentation_id: r.id,
      segments: own,
      valid: reason === null,
      reason,
      series: {
        uuid: r.series_uuid,
        name: series.seriesDescription || series.protocolName || `Series ${r.series_number ?? ''}`.trim(),
      },
      study: { uuid: r.study_uuid, name: typeof patient === 'string' ? patient : '' },
      created_at: iso(r.created_at),
    };
  });
}

/**
 * POST ai2/train/create: a created training of a model the team sees, on the team's segmentations that
 * are valid for it (one invalid: 422 with why). Its job has the model's structure and segments, as an
 * inference's does, and no series.
 */
export async function createTraining(
  db: Db,
  ctx: TeamContext,
  body: TrainingCreateBody,
): Promise<TrainingCreated> {
  const ids = [...new Set(body.segmentationIds)];
  const model = await findVisibleModel(db, ctx.team.id, body.modelId);
  const checked = await trainSegmentations(db, ctx, model.id, ids);
  const invalid = checked.filter((s) => !s.valid);
  if (invalid.length) {
    throw unprocessable(TRAINING_INVALID, {
      segmentationIds: invalid.map((s) => `#${s.segmentation_id}: ${s.reason ?? ''}`),
    });
  }
  const id = await db.transaction().execute(async (trx) => {
    const job = await trx
      .insertInto('ai_jobs')
      .values({
        kind: 'training',
        team_id: ctx.team.id,
        series_id: null,
        model_id: model.id,
        model_code: model.code,
        structure_id: model.structure_id,
        segments: JSON.stringify(model.segments.map((s) => ({ title: s.title, value: s.value }))),
        state: 'created',
        trace_id: randomUUID(),
        created_by: ctx.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('ai_trainings')
      .values({ job_id: job.id, segmentation_ids: JSON.stringify(ids) })
      .execute();
    return job.id;
  });
  return { trainingId: id, modelId: model.id, segmentationIds: ids };
}

/** The team's trainings with what they are shown with: set, curves, model, author, worker. */
function trainingRows(db: Db, teamId: number) {
  return db
    .selectFrom('ai_jobs as j')
    .innerJoin('ai_trainings as tr', 'tr.job_id', 'j.id')
    .leftJoin('ai_models as m', 'm.id', 'j.model_id')
    .leftJoin('users as u', 'u.id', 'j.created_by')
    .leftJoin('ai_workers as w', 'w.id', 'j.worker_id')
    .selectAll('j')
    .select([
      'tr.segmentation_ids',
      'tr.metrics',
      'tr.derived_model_id',
      'tr.checkpoint',
      'tr.learned',
      'tr.min_val_dice',
      'm.name as model_name',
      'u.name as created_by_user_name',
      'w.name as worker_name',
    ])
    .where('j.team_id', '=', teamId)
    .where('j.kind', '=', 'training');
}

export async function trainingRow(db: Db, teamId: number, id: number) {
  const row = await trainingRows(db, teamId).where('j.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * POST ai2/train/start/{trainingId}: a created training queued with its parameters (a second start: 409),
 * and the threshold it will be judged by: its model's min_val_dice now (decision 0095).
 */
export async function startTraining(
  db: Db,
  teamId: number,
  id: number,
  body: TrainingStartBody,
): Promise<Training> {
  const row = await trainingRow(db, teamId, id);
  if (!nextTrainingState(trainingState(row.state), 'start')) throw conflict(TRAINING_NOT_CREATED);
  const model =
    row.model_id === null
      ? undefined
      : await db
          .selectFrom('ai_models')
          .select('min_val_dice')
          .where('id', '=', row.model_id)
          .executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    const started = await trx
      .updateTable('ai_jobs')
      .set({ state: 'queued', parameters: JSON.stringify(body), updated_at: new Date() })
      .where('id', '=', row.id)
      .where('team_id', '=', teamId)
      .where('state', '=', 'created')
      .returning('id')
      .executeTakeFirst();
    // Two starts at once: the other one queued it.
    if (!started) throw conflict(TRAINING_NOT_CREATED);
    await trx
      .updateTable('ai_trainings')
      .set({ min_val_dice: model?.min_val_dice ?? AI_MODEL_MIN_VAL_DICE })
      .where('job_id', '=', row.id)
      .execute();
  });
  return presentTraining(await trainingRow(db, teamId, id));
}

/**
 * PUT ai2/ai-train/stop/{trainId}: an open training ends stopped (its job cancelled); its worker hears
 * stop at its next heartbeat, progress or metrics call, as a cancelled inference's does.
 */
export async function stopTraining(
  db: Db,
  teamId: number,
  id: number,
  body: { trainId: number },
): Promise<{ trainId: number; state: 'stopped' }> {
  await trainingRow(db, teamId, id);
  if (body.trainId !== id) throw unprocessable('The body names another training.');
  const now = new Date();
  const stopped = await db
    .updateTable('ai_jobs')
    .set({ state: 'cancelled', lease_expires_at: null, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .where('kind', '=', 'training')
    .where('state', 'in', [...STOPPABLE_STATES])
    .returning('id')
    .executeTakeFirst();
  if (!stopped) throw conflict(TRAINING_ENDED);
  return { trainId: id, state: 'stopped' };
}

export async function listTrainings(
  deps: Pick<Deps, 'db' | 'realtime'>,
  teamId: number,
): Promise<Training[]> {
  const { db } = deps;
  await requeueLapsed(deps, teamId);
  const rows = await trainingRows(db, teamId)
    .orderBy('j.created_at', 'desc')
    .orderBy('j.id', 'desc')
    .execute();
  return rows.map(presentTraining);
}

export async function trainingDetail(
  deps: Pick<Deps, 'db' | 'realtime'>,
  teamId: number,
  id: number,
): Promise<TrainingDetail> {
  await requeueLapsed(deps, teamId);
  return presentTrainingDetail(await trainingRow(deps.db, teamId, id));
}
