/**
 * The API's areas one by one, for `import * as api from '@voxa/contracts/areas'`: the web app names
 * `api.x.y` as the server does, but a bundle then holds only the areas its code uses, so a page's first
 * load carries the contracts of its own calls, not every endpoint (the `api` object of the index holds
 * them all).
 */
export { accounts } from './accounts';
export { aiPrompts } from './ai-prompts';
export { audit } from './audit';
export { apiUsers } from './api-users';
export { aiWorkerProtocol, aiWorkers } from './ai-workers';
export { aiModels } from './ai-models';
export { annotator } from './annotator';
export { anonymise } from './anonymise';
export { archives } from './archives';
export { batchUpload } from './batch-upload';
export { cine } from './cine';
export { commander } from './commander';
export { conversion } from './conversion';
export { datasetExports } from './dataset-exports';
export { dicomweb } from './dicomweb';
export { dimse } from './dimse';
export { inference } from './inference';
export { labels } from './labels';
export { logSessions } from './log-sessions';
export { notifications } from './notifications';
export { organize } from './organize';
export { flows, pipelines } from './pipelines';
export { recognition } from './recognition';
export { reference } from './reference';
export { reviews } from './reviews';
export { masks, segmentations } from './segmentations';
export { adminStructures, structures } from './structures';
export { studies } from './studies';
export { admin, invitations, logs, roles, teams } from './teams';
export { trainings } from './trainings';
export { transferFunctions } from './transfer-functions';
export { upload } from './upload';
export { xrSessions, xrWorkerProtocol, xrWorkers } from './xr';
export { platformModules } from './platform-modules';
