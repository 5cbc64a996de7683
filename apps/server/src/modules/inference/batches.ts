import {
  INFERENCE_NO_SERIES,
  INFERENCE_STATES,
  type InferenceBatch,
  type InferenceBatchBody,
  type InferenceBatchDetail,
  type InferenceState,
} from '@voxa/contracts';
import { sql } from 'kysely';
import type { TeamContext } from '../../http/context';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { findVisibleModel } from '../ai-models/service';
import { requeueLapsedInferences } from '../ai-workers/protocol';
import { settingsOf, teamSettings } from './configuration';
import { chooseSeries, startParameters } from './policy';
import { inferenceRows, newJob, presentRows } from './service';

/** The team's batches with their model, label and author names. */
function batchRows(db: Db, teamId: number) {
  return db
    .selectFrom('ai_inference_batches as b')
    .leftJoin('ai_models as m', 'm.id', 'b.model_id')
    .leftJoin('labels as l', 'l.id', 'b.label_id')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .selectAll('b')
    .select(['m.name as model_name', 'l.name as label_name', 'u.name as created_by_user_name'])
    .where('b.team_id', '=', teamId);
}
type BatchRow = Awaited<ReturnType<ReturnType<typeof batchRows>['executeTakeFirstOrThrow']>>;

/** How many inferences of each batch are in each state. */
const zero = () => Object.fromEntries(INFERENCE_STATES.map((s) => [s, 0])) as Record<InferenceState, number>;

async function countsOf(db: Db, batchIds: number[]) {
  const counts = new Map(batchIds.map((id) => [id, zero()]));
  if (batchIds.length === 0) return counts;
  const rows = await db
    .selectFrom('ai_jobs')
    .select(['batch_id', 'state', sql<number>`count(*)::int`.as('n')])
    .where('batch_id', 'in', batchIds)
    .groupBy(['batch_id', 'state'])
    .execute();
  for (const r of rows) {
    const c = r.batch_id === null ? undefined : counts.get(r.batch_id);
    if (c) c[r.state] = r.n;
  }
  return counts;
}

function presentBatch(row: BatchRow, counts: Record<InferenceState, number>): InferenceBatch {
  return {
    id: row.id,
    model: { id: row.model_id, code: row.model_code, name: row.model_name },
    label_name: row.label_name,
    created_by_user_name: row.created_by_user_name,
    created_at: row.created_at.toISOString(),
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    counts,
    skipped: row.skipped,
  };
}

/** The studies a batch runs over: the ones named (each the team's, else 404) or every study of the label. */
async function batchStudies(db: Db, teamId: number, body: InferenceBatchBody) {
  let q = db.selectFrom('studies').select(['id', 'uuid', 'data']).where('studies.team_id', '=', teamId);
  if (body.labelId !== undefined) {
    const label = await db
      .selectFrom('labels')
      .select('id')
      .where('id', '=', body.labelId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    if (!label) throw notFound('Label not found.');
    q = q.where('id', 'in', (eb) =>
      eb.selectFrom('study_labels').select('study_id').where('label_id', '=', label.id),
    );
  } else {
    const uuids = [...new Set(body.studies ?? [])];
    const found = await q.where('uuid', 'in', uuids).execute();
    if (found.length !== uuids.length) throw notFound('Study not found.');
    return found;
  }
  return q.orderBy('created_at').orderBy('id').execute();
}

/**
 * POST ai2/infer/batch: one model over the studies, an inference per study started with the team's
 * defaults (mp given replaces them); a study with no series the model reads is skipped, with why.
 */
export async function createBatch(
  db: Db,
  ctx: TeamContext,
  body: InferenceBatchBody,
): Promise<InferenceBatch> {
  const teamId = ctx.team.id;
  const model = await findVisibleModel(db, teamId, body.modelId);
  const studies = await batchStudies(db, teamId, body);
  const series = studies.length
    ? await db
        .selectFrom('series')
        .select(['id', 'uuid', 'study_id', 'status', 'modality_code', 'ref_serie', 'sort'])
        .where(
          'study_id',
          'in',
          studies.map((s) => s.id),
        )
        .execute()
    : [];
  const parameters = startParameters({ mp: body.mp }, settingsOf(await teamSettings(db, teamId), model));
  const chosen = studies.map((study) => ({
    study,
    series: chooseSeries(
      series.filter((s) => s.study_id === study.id),
      model.modality,
    ),
  }));
  const skipped = chosen
    .filter((c) => !c.series)
    .map(({ study }) => ({
      uuid: study.uuid,
      name: typeof study.data.patientName === 'string' ? study.data.patientName : '',
      reason: INFERENCE_NO_SERIES,
    }));
  const batchId = await db.transaction().execute(async (trx) => {
    const batch = await trx
      .insertInto('ai_inference_batches')
      .values({
        team_id: teamId,
        model_id: model.id,
        model_code: model.code,
        label_id: body.labelId ?? null,
        created_by: ctx.user.id,
        skipped: JSON.stringify(skipped),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const jobs = chosen.flatMap((c) =>
      c.series
        ? [
            newJob(model, {
              teamId,
              seriesId: c.series.id,
              createdBy: ctx.user.id,
              state: 'queued',
              parameters,
              batchId: batch.id,
            }),
          ]
        : [],
    );
    if (jobs.length) await trx.insertInto('ai_jobs').values(jobs).execute();
    return batch.id;
  });
  return (await listBatches(db, teamId, batchId))[0] ?? notFoundBatch();
}

function notFoundBatch(): never {
  throw notFound('Batch not found.');
}

/** The team's batches, newest first (or the one asked for). */
export async function listBatches(db: Db, teamId: number, only?: number): Promise<InferenceBatch[]> {
  await requeueLapsedInferences(db, teamId);
  let q = batchRows(db, teamId);
  if (only !== undefined) q = q.where('b.id', '=', only);
  const rows = await q.orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').execute();
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentBatch(r, counts.get(r.id) ?? zero()));
}

/** One batch with its inferences, in the order of its studies. */
export async function batchDetail(db: Db, teamId: number, batchId: number): Promise<InferenceBatchDetail> {
  const [batch] = await listBatches(db, teamId, batchId);
  if (!batch) return notFoundBatch();
  const rows = await inferenceRows(db, teamId).where('j.batch_id', '=', batchId).orderBy('j.id').execute();
  return { ...batch, inferences: await presentRows(db, teamId, rows) };
}
