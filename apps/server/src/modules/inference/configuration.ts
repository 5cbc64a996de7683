import type { ModelConfiguration, ModelConfigurationBody } from '@voxa/contracts';
import type { Db } from '../../platform/db';
import { findVisibleModel, visibleModels } from '../ai-models/service';
import type { ModelRow } from '../ai-models/present';
import { workerStatus } from '../ai-workers/policy';
import { automaticByDefault } from './policy';

export interface ModelSettings {
  n: number | null;
  mp: Record<string, unknown>;
  automatic: boolean;
}

/** The team's settings of each model it set (the others take the defaults of `settingsOf`). */
export async function teamSettings(db: Db, teamId: number): Promise<Map<number, ModelSettings>> {
  const rows = await db
    .selectFrom('ai_model_settings')
    .select(['model_id', 'n', 'mp', 'automatic'])
    .where('team_id', '=', teamId)
    .execute();
  return new Map(rows.map((r) => [r.model_id, { n: r.n, mp: r.mp, automatic: r.automatic }]));
}

/** A model's settings for the team: its own, else no n, no parameters, automatic for the spec's codes. */
export function settingsOf(
  settings: Map<number, ModelSettings>,
  model: { id: number; code: string },
): ModelSettings {
  return settings.get(model.id) ?? { n: null, mp: {}, automatic: automaticByDefault(model.code) };
}

/** The team's workers and the platform's (team_id NULL), not revoked: the ones that can serve it. */
export function teamWorkers(db: Db, teamId: number) {
  return db
    .selectFrom('ai_workers')
    .select(['id', 'name', 'team_id', 'models', 'last_seen_at'])
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('team_id', '=', teamId), eb('team_id', 'is', null)]))
    .orderBy('id')
    .execute();
}

type WorkerRow = Awaited<ReturnType<typeof teamWorkers>>[number];

function presentConfiguration(
  model: ModelRow,
  workers: WorkerRow[],
  settings: ModelSettings,
  now: Date,
): ModelConfiguration {
  return {
    model: {
      id: model.id,
      code: model.code,
      name: model.name,
      runtime: model.runtime,
      has_file: model.file_header !== null,
    },
    workers: workers
      .filter((w) => w.models.includes(model.code))
      .map((w) => ({
        id: w.id,
        name: w.name,
        status: workerStatus(w.last_seen_at, now),
        platform: w.team_id === null,
      })),
    defaults: { n: settings.n, mp: settings.mp },
    automatic: settings.automatic,
  };
}

/** Per model the team sees, by id (the built-in ones, seeded first, lead): workers, defaults, automatic. */
export async function modelConfigurations(db: Db, teamId: number): Promise<ModelConfiguration[]> {
  const [models, workers, settings] = await Promise.all([
    visibleModels(db, teamId).orderBy('m.id').execute(),
    teamWorkers(db, teamId),
    teamSettings(db, teamId),
  ]);
  const now = new Date();
  return models.map((m) => presentConfiguration(m, workers, settingsOf(settings, m), now));
}

/** The team's defaults for a model it sees (404 otherwise), and whether it runs after conversion. */
export async function configureModel(
  db: Db,
  teamId: number,
  modelId: number,
  body: ModelConfigurationBody,
): Promise<ModelConfiguration> {
  const model = await findVisibleModel(db, teamId, modelId);
  const values = {
    n: body.n,
    mp: JSON.stringify(body.mp),
    automatic: body.automatic,
    updated_at: new Date(),
  };
  await db
    .insertInto('ai_model_settings')
    .values({ team_id: teamId, model_id: model.id, ...values })
    .onConflict((oc) => oc.columns(['team_id', 'model_id']).doUpdateSet(values))
    .execute();
  const settings = await teamSettings(db, teamId);
  return presentConfiguration(model, await teamWorkers(db, teamId), settingsOf(settings, model), new Date());
}
