import { encodeStudyId, FLOW_PAGE_SIZE, type Flow, type FlowListQuery } from '@voxa/contracts';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { TeamPipelinesTable } from '../../platform/db/schema';
import type { Selectable } from 'kysely';
import { flowState, stepState } from './policy';

const NOT_FOUND = 'Flow not found.';

/** A flow for a study stored with a pipeline: the pipeline's acquisitions and models as they are now. */
export async function createFlow(
  db: Db,
  study: { id: number; teamId: number },
  pipeline: Selectable<TeamPipelinesTable>,
): Promise<void> {
  const flow = await db
    .insertInto('flows')
    .values({
      team_id: study.teamId,
      study_id: study.id,
      pipeline_id: pipeline.id,
      pipeline_code: pipeline.code,
      pipeline_name: pipeline.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('flow_steps')
    .values(
      pipeline.acquisitions.map((a, position) => ({
        flow_id: flow.id,
        position,
        acquisition_code: a.code,
        model_codes: JSON.stringify(a.models),
      })),
    )
    .execute();
}

function flowRows(db: Db, teamId: number) {
  return db
    .selectFrom('flows as f')
    .innerJoin('studies as st', 'st.id', 'f.study_id')
    .select([
      'f.id',
      'f.pipeline_id',
      'f.pipeline_code',
      'f.pipeline_name',
      'f.created_at',
      'st.id as study_id',
      'st.uuid as study_uuid',
      'st.status as study_status',
    ])
    .where('f.team_id', '=', teamId);
}

type FlowRow = Awaited<ReturnType<ReturnType<typeof flowRows>['execute']>>[number];

/** The flows whole: their steps with series and inferences, states derived from those. */
async function present(db: Db, teamId: number, flows: FlowRow[]): Promise<Flow[]> {
  if (flows.length === 0) return [];
  const steps = await db
    .selectFrom('flow_steps as s')
    .leftJoin('series as se', 'se.id', 's.series_id')
    .select([
      's.flow_id',
      's.acquisition_code',
      's.inferences',
      'se.uuid as series_uuid',
      'se.series_number',
      'se.modality_code',
    ])
    .where(
      's.flow_id',
      'in',
      flows.map((f) => f.id),
    )
    .orderBy('s.flow_id')
    .orderBy('s.position')
    .execute();
  const jobIds = steps.flatMap((s) => s.inferences.flatMap((i) => (i.job_id === null ? [] : [i.job_id])));
  const jobs =
    jobIds.length === 0
      ? []
      : await db
          .selectFrom('ai_jobs')
          .select(['id', 'state', 'segmentation_id'])
          .where('team_id', '=', teamId)
          .where('id', 'in', jobIds)
          .execute();
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  return flows.map((f) => {
    const settled = f.study_status === 'converted' || f.study_status === 'error';
    const own = steps
      .filter((s) => s.flow_id === f.id)
      .map((s) => {
        const inferences = s.inferences.map((i) => {
          const job = i.job_id === null ? undefined : jobById.get(i.job_id);
          return {
            model_code: i.model_code,
            inference_id: job?.id ?? null,
            state: job?.state ?? null,
            segmentation_id: job?.segmentation_id ?? null,
          };
        });
        const uuid = s.series_uuid;
        const matched = uuid !== null;
        return {
          acquisition_code: s.acquisition_code,
          state: stepState({ matched, studySettled: settled, inferences: inferences.map((i) => i.state) }),
          series: matched ? { uuid, series_number: s.series_number, modality: s.modality_code } : null,
          inferences,
        };
      });
    return {
      id: f.id,
      state: flowState(own.map((s) => s.state)),
      pipeline: { id: f.pipeline_id, code: f.pipeline_code, name: f.pipeline_name },
      study: { uuid: f.study_uuid, code: encodeStudyId(f.study_id) },
      steps: own,
      created_at: f.created_at.toISOString(),
    };
  });
}

/**
 * The team's flows, newest first. The state is derived from the steps, not stored, so the filter reads
 * every flow of the team (a few per uploaded study) before taking the page.
 */
export async function listFlows(
  db: Db,
  teamId: number,
  query: FlowListQuery,
): Promise<{ data: Flow[]; total: number }> {
  const newestFirst = flowRows(db, teamId).orderBy('f.created_at', 'desc').orderBy('f.id', 'desc');
  const start = (query.page - 1) * FLOW_PAGE_SIZE;
  if (!query.state) {
    const [rows, count] = await Promise.all([
      newestFirst.limit(FLOW_PAGE_SIZE).offset(start).execute(),
      db
        .selectFrom('flows')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('team_id', '=', teamId)
        .executeTakeFirstOrThrow(),
    ]);
    return { data: await present(db, teamId, rows), total: Number(count.total) };
  }
  const matching = (await present(db, teamId, await newestFirst.execute())).filter(
    (f) => f.state === query.state,
  );
  return { data: matching.slice(start, start + FLOW_PAGE_SIZE), total: matching.length };
}

export async function flowDetail(db: Db, teamId: number, id: number): Promise<Flow> {
  const rows = await flowRows(db, teamId).where('f.id', '=', id).execute();
  const [flow] = await present(db, teamId, rows);
  if (!flow) throw notFound(NOT_FOUND);
  return flow;
}
