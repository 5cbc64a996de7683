import type { Deps } from '../../deps';
import { visibleModels } from '../ai-models/service';
import { settingsOf, teamSettings } from './configuration';
import { automaticCodes, splitByWorkers, startParameters } from './policy';
import { newJob, servingWorkers } from './service';

/**
 * After a series converts: inferences created and started with the spec's codes for its modality
 * (AUTO_INFERENCE_CODES), by its uploader, with the team's defaults, unless the team turned the model off,
 * and only for the codes an online worker of the team or of the platform serves now; the others are
 * recorded against the series as needing a worker (decision 0094), not queued to wait forever.
 * Codes the series already has an inference of are skipped (a re-conversion runs nothing twice). A model
 * code is the built-in model's, else the team's own (codes are unique among those).
 */
export async function createAutomaticInferences(deps: Pick<Deps, 'db'>, seriesId: number): Promise<number> {
  const { db } = deps;
  const series = await db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select(['series.id', 'series.modality_code', 'studies.team_id', 'studies.user_id'])
    .where('series.id', '=', seriesId)
    .where('series.status', '=', 'done')
    .executeTakeFirst();
  // A study without its uploader has nobody for the results to belong to.
  if (!series || series.user_id === null) return 0;
  const teamId = series.team_id;
  if (automaticCodes(series.modality_code, new Set(), new Set()).length === 0) return 0;
  const [models, settings, existing] = await Promise.all([
    visibleModels(db, teamId)
      .where((eb) => eb.or([eb('m.team_id', 'is', null), eb('m.team_id', '=', teamId)]))
      .execute(),
    teamSettings(db, teamId),
    db.selectFrom('ai_jobs').select('model_code').where('series_id', '=', series.id).execute(),
  ]);
  const byCode = new Map(models.map((m) => [m.code, m]));
  const turnedOff = new Set(models.filter((m) => !settingsOf(settings, m).automatic).map((m) => m.code));
  const codes = automaticCodes(series.modality_code, turnedOff, new Set(existing.map((e) => e.model_code)))
    // A code of no model the team sees runs nothing and needs nothing.
    .filter((code) => byCode.has(code));
  const { run, needWorker } = splitByWorkers(codes, await servingWorkers(db, teamId));
  if (needWorker.length > 0)
    await db
      .insertInto('ai_needs_worker')
      .values(needWorker.map((code) => ({ team_id: teamId, series_id: series.id, model_code: code })))
      .onConflict((oc) => oc.columns(['series_id', 'model_code']).doNothing())
      .execute();
  const jobs = run.flatMap((code) => {
    const model = byCode.get(code);
    if (!model) return [];
    const parameters = startParameters({}, settingsOf(settings, model));
    const createdBy = series.user_id;
    return [
      newJob(model, { teamId, seriesId: series.id, createdBy, state: 'queued', parameters, automatic: true }),
    ];
  });
  if (jobs.length === 0) return 0;
  // The unique index on automatic ones keeps a second conversion racing this one from adding them twice.
  const made = await db
    .insertInto('ai_jobs')
    .values(jobs)
    .onConflict((oc) => oc.columns(['series_id', 'model_code']).where('automatic', '=', true).doNothing())
    .returning('id')
    .execute();
  return made.length;
}
