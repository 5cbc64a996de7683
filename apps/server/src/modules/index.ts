import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import type { Db } from '../platform/db';
import type { SocketIdentity } from '../platform/realtime';
import { hashToken } from '../platform/secrets';
import { accountRoutes } from './accounts/routes';
import { adminRoutes } from './admin/routes';
import { auditRoutes } from './audit/routes';
import { aiPromptRoutes } from './ai-prompts/routes';
import { aiWorkerProtocolRoutes, aiWorkerRoutes } from './ai-workers/routes';
import { apiUserRoutes } from './api-users/routes';
import { dicomwebSettingsRoutes } from './dicomweb/settings';
import { dimseSettingsRoutes } from './dimse/settings';
import { annotatorRoutes, annotatorServiceRoutes } from './annotator/routes';
import { archiveRoutes } from './archives/routes';
import { batchUploadRoutes, batchUploadServiceRoutes } from './batch-upload/routes';
import { sortSessionJob } from './archives/sort-job';
import { cineServiceRoutes } from './cine/routes';
import { commanderRoutes } from './commander/routes';
import { convertSeriesJob } from './conversion/convert-job';
import { conversionRoutes } from './conversion/routes';
import { datasetExportRoutes } from './dataset-exports/routes';
import { exportDatasetJob } from './dataset-exports/export-job';
import { deidentifyRoutes } from './deidentify/routes';
import { inferenceRoutes, inferenceServiceRoutes } from './inference/routes';
import { invitationRoutes } from './invitations/routes';
import { labelRoutes } from './labels/routes';
import { logRoutes, logSessionRoutes } from './logs/routes';
import { pruneActivityLogs } from './logs/sessions';
import { notificationRoutes } from './notifications/routes';
import { organizeRoutes } from './organize/routes';
import { permissionRoutes } from './permissions/routes';
import { recognitionRoutes, recognitionServiceRoutes } from './recognition/routes';
import { referenceRoutes } from './reference/routes';
import { reviewRoutes } from './reviews/routes';
import { roleRoutes } from './roles/routes';
import { maskRoutes, segmentationRoutes } from './segmentations/routes';
import { structureRoutes } from './structures/routes';
import { studyRoutes } from './studies/routes';
import { teamRoutes } from './teams/routes';
import { transferFunctionRoutes } from './transfer-functions/routes';
import { aiModelRoutes } from './ai-models/routes';
import { expireUploadSessions, scheduleSessionExpiry } from './upload/expiry';
import { uploadRoutes } from './upload/routes';
import { removeSettledFiles } from './upload/settled-files';
import { trainingRoutes } from './trainings/routes';
import { pipelineRoutes } from './pipelines/routes';
import { flowRoutes } from './flows/routes';
import { platformModuleRoutes } from './platform-health/routes';
import { xrRoutes, xrWorkerProtocolRoutes } from './xr/routes';
import { scheduleEvery } from '../platform/queue/schedule';

/** Every feature's routes, registered under /api. */
export function registerModules(api: FastifyInstance, deps: Deps): void {
  accountRoutes(api, deps);
  teamRoutes(api, deps);
  roleRoutes(api, deps);
  permissionRoutes(api);
  invitationRoutes(api, deps);
  adminRoutes(api, deps);
  datasetExportRoutes(api, deps);
  logRoutes(api, deps);
  logSessionRoutes(api, deps);
  auditRoutes(api, deps);
  deidentifyRoutes(api, deps);
  conversionRoutes(api, deps);
  referenceRoutes(api, deps);
  labelRoutes(api, deps);
  structureRoutes(api, deps);
  studyRoutes(api, deps);
  organizeRoutes(api, deps);
  uploadRoutes(api, deps);
  archiveRoutes(api, deps);
  batchUploadRoutes(api, deps);
  recognitionRoutes(api, deps);
  aiPromptRoutes(api, deps);
  segmentationRoutes(api, deps);
  transferFunctionRoutes(api, deps);
  aiModelRoutes(api, deps);
  annotatorRoutes(api, deps);
  notificationRoutes(api, deps);
  aiWorkerRoutes(api, deps);
  apiUserRoutes(api, deps);
  dicomwebSettingsRoutes(api, deps);
  dimseSettingsRoutes(api, deps);
  aiWorkerProtocolRoutes(api, deps);
  inferenceRoutes(api, deps);
  trainingRoutes(api, deps);
  reviewRoutes(api, deps);
  pipelineRoutes(api, deps);
  flowRoutes(api, deps);
  xrRoutes(api, deps);
  xrWorkerProtocolRoutes(api, deps);
  platformModuleRoutes(api, deps);
}

/**
 * Every background job's handler, run by processes with the `serve` or `worker` role, and the periodic
 * ones queued; answers what stops the schedule.
 */
export function registerJobs(deps: Deps): () => void {
  deps.queue.work('convert-series', (payload) => convertSeriesJob(deps, payload), {
    concurrency: deps.config.CONVERSION_CONCURRENCY,
  });
  // One sort at a time per process: a sort inflates and reads whole archives.
  deps.queue.work('sort-session', (payload) => sortSessionJob(deps, payload), { concurrency: 1 });
  deps.queue.work('remove-upload-files', (payload) => removeSettledFiles(deps, payload.sessionId), {
    concurrency: 1,
  });
  // One export at a time per process: it reads, inflates and gzips whole volumes.
  deps.queue.work('export-dataset', (payload) => exportDatasetJob(deps, payload), { concurrency: 1 });
  deps.queue.work(
    'expire-upload-sessions',
    async () => {
      await expireUploadSessions(deps);
    },
    {
      concurrency: 1,
    },
  );
  deps.queue.work(
    'prune-activity-logs',
    async () => {
      await pruneActivityLogs(deps.db, deps.config.LOG_RETENTION_DAYS);
    },
    { concurrency: 1 },
  );
  const stopExpiry = scheduleSessionExpiry(deps.queue);
  const stopPruning = scheduleEvery(deps.queue, 'prune-activity-logs');
  return () => {
    stopExpiry();
    stopPruning();
  };
}

/** Routes of the spec's services host, registered under /svc. */
export function registerServiceModules(svc: FastifyInstance, deps: Deps): void {
  recognitionServiceRoutes(svc, deps);
  maskRoutes(svc, deps);
  annotatorServiceRoutes(svc, deps);
  cineServiceRoutes(svc, deps);
  batchUploadServiceRoutes(svc, deps);
  inferenceServiceRoutes(svc, deps);
  commanderRoutes(svc, deps);
}

/** Who a socket belongs to, from the token it connects with. */
export async function socketIdentity(db: Db, token: string): Promise<SocketIdentity | null> {
  const row = await db
    .selectFrom('auth_tokens')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.user_id,
    teamSlugs: async () =>
      (
        await db
          .selectFrom('teams')
          .innerJoin('team_users', 'team_users.team_id', 'teams.id')
          .select('teams.slug')
          .where('team_users.user_id', '=', row.user_id)
          .execute()
      ).map((t) => t.slug),
  };
}
