import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { visibleModels } from '../ai-models/service';
import { settingsOf, teamSettings } from '../inference/configuration';
import { startParameters } from '../inference/policy';
import { newJob } from '../inference/service';

/**
 * After a series converts: if its study runs a flow with a step of the series' acquisition still waiting,
 * the series fills that step and the step's models start on it, as inferences on the one queue (queued
 * with the team's defaults, by the study's uploader). A model the series already has an open or done
 * inference of (an automatic one) is not run twice: the step takes that inference. Answers whether a step
 * was filled.
 */
export async function runFlowStep(deps: Pick<Deps, 'db'>, seriesId: number): Promise<boolean> {
  // One transaction: a reader sees the step waiting, or with its series and its inferences; never with its
  // series alone, which reads as done.
  return deps.db.transaction().execute(async (db) => {
    const series = await db
      .selectFrom('series')
      .innerJoin('studies', 'studies.id', 'series.study_id')
      .select(['series.id', 'series.acquisition_code', 'series.modality_code', 'studies.id as study_id'])
      .select(['studies.team_id', 'studies.user_id'])
      .where('series.id', '=', seriesId)
      .where('series.status', '=', 'done')
      .executeTakeFirst();
    if (!series?.acquisition_code) return false;
    // Claimed in one statement: two series of the same acquisition converting at once fill it once.
    const step = await db
      .updateTable('flow_steps')
      .set({ series_id: series.id })
      .where(
        'id',
        '=',
        db
          .selectFrom('flow_steps as s')
          .innerJoin('flows as f', 'f.id', 's.flow_id')
          .select('s.id')
          .where('f.study_id', '=', series.study_id)
          .where('s.acquisition_code', '=', series.acquisition_code)
          .where('s.series_id', 'is', null)
          .orderBy('s.position')
          .limit(1),
      )
      .where('series_id', 'is', null)
      .returning(['id', 'model_codes'])
      .executeTakeFirst();
    if (!step) return false;
    const teamId = series.team_id;
    const codes = step.model_codes;
    const [models, settings, existing] = await Promise.all([
      codes.length === 0
        ? []
        : visibleModels(db, teamId)
            .where('m.code', 'in', codes)
            .where('m.modality', '=', series.modality_code ?? '')
            // The team's built-in and own models before other teams' public ones of the same code.
            .orderBy(sql`CASE WHEN m.team_id IS NULL THEN 0 WHEN m.team_id = ${teamId} THEN 1 ELSE 2 END`)
            .orderBy('m.id')
            .execute(),
      teamSettings(db, teamId),
      db
        .selectFrom('ai_jobs')
        .select(['id', 'model_code'])
        .where('series_id', '=', series.id)
        .where('kind', '=', 'inference')
        .where('state', 'not in', ['failed', 'cancelled'])
        .orderBy('id')
        .execute(),
    ]);
    const inferences: { model_code: string; job_id: number | null }[] = [];
    for (const code of codes) {
      const already = existing.find((j) => j.model_code === code);
      const model = models.find((m) => m.code === code);
      if (already || !model) {
        inferences.push({ model_code: code, job_id: already?.id ?? null });
        continue;
      }
      const parameters = startParameters({}, settingsOf(settings, model));
      const job = await db
        .insertInto('ai_jobs')
        .values(
          newJob(model, {
            teamId,
            seriesId: series.id,
            createdBy: series.user_id,
            state: 'queued',
            parameters,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      inferences.push({ model_code: code, job_id: job.id });
    }
    await db
      .updateTable('flow_steps')
      .set({ inferences: JSON.stringify(inferences) })
      .where('id', '=', step.id)
      .execute();
    return true;
  });
}
