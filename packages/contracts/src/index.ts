import { accounts } from './accounts';
import { aiPrompts } from './ai-prompts';
import { aiWorkerProtocol, aiWorkers } from './ai-workers';
import { aiModels } from './ai-models';
import { annotator } from './annotator';
import { anonymise } from './anonymise';
import { archives } from './archives';
import { cine } from './cine';
import { conversion } from './conversion';
import { inference } from './inference';
import type { Endpoint } from './endpoint';
import { labels } from './labels';
import { logSessions } from './log-sessions';
import { notifications } from './notifications';
import { organize } from './organize';
import { flows, pipelines } from './pipelines';
import { recognition } from './recognition';
import { reference } from './reference';
import { reviews } from './reviews';
import { masks, segmentations } from './segmentations';
import { adminStructures, structures } from './structures';
import { studies } from './studies';
import { admin, invitations, logs, roles, teams } from './teams';
import { trainings } from './trainings';
import { transferFunctions } from './transfer-functions';
import { upload } from './upload';

export * from './ai-prompts';
export * from './ai-runtime';
export * from './accounts';
export * from './ai-workers';
export * from './ai-models';
export * from './annotator';
export * from './anonymise';
export * from './archives';
export * from './cine';
export * from './common';
export * from './conversion';
export * from './constants';
export * from './endpoint';
export * from './errors';
export * from './host';
export * from './inference';
export * from './jobs';
export * from './labels';
export * from './log-sessions';
export * from './notifications';
export * from './organize';
export * from './permissions';
export * from './pipelines';
export * from './recognition';
export * from './redirect';
export * from './reference';
export * from './reviews';
export * from './segmentations';
export * from './slug';
export * from './socket';
export * from './structures';
export * from './studies';
export * from './study-code';
export * from './teams';
export * from './trainings';
export * from './transfer-functions';
export * from './upload';

/** Every API endpoint, by area. Server routes, the web client and the OpenAPI document come from here. */
export const api = {
  accounts,
  teams,
  invitations,
  roles,
  admin,
  logs,
  logSessions,
  reference,
  labels,
  studies,
  organize,
  recognition,
  aiPrompts,
  anonymise,
  conversion,
  upload,
  archives,
  structures,
  adminStructures,
  segmentations,
  masks,
  annotator,
  transferFunctions,
  cine,
  notifications,
  aiWorkers,
  aiWorkerProtocol,
  aiModels,
  inference,
  trainings,
  reviews,
  pipelines,
  flows,
} as const;

export function allEndpoints(): Endpoint[] {
  return Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
}
