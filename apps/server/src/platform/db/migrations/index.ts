import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001-foundation';
import * as uploadReferenceLabelsStudies from './0002-upload-reference-labels-studies';
import * as uploadSessions from './0003-upload-sessions';
import * as jobs from './0004-jobs';
import * as archiveSort from './0005-archive-sort';
import * as studiesList from './0005-studies-list';
import * as uploadSessionExpiry from './0006-upload-session-expiry';
import * as seriesStatus from './0007-series-status';
import * as uploadSessionBytes from './0007-upload-session-bytes';
import * as mrAcquisitions from './0007-mr-acquisitions';
import * as studiesListSlideshow from './0008-studies-list-slideshow';
import * as segmentations from './0009-segmentations';
import * as structureCatalogue from './0010-structure-catalogue';
import * as transferFunctions from './0011-transfer-functions';
import * as notifications from './0012-notifications';
import * as reviews from './0013-reviews';
import * as aiModels from './0014-ai-models';
import * as aiWorkers from './0015-ai-workers';
import * as inference from './0016-inference';
import * as platformWorkers from './0017-platform-workers';
import * as trainings from './0018-trainings';
import * as trainingCheckpoints from './0019-training-checkpoints';
import * as pipelinesAndFlows from './0020-pipelines-and-flows';
import * as aiPrompts from './0021-ai-prompts';
import * as apiUsers from './0023-api-users';
import * as logSessions from './0024-log-sessions';
import * as datasetExports from './0027-dataset-exports';
import * as auditTrail from './0029-audit-trail';
import * as dicomweb from './0030-dicomweb';
import * as dimse from './0032-dimse';
import * as dicomwebWaits from './0033-dicomweb-waits';
import * as dicomwebStudyRows from './0034-dicomweb-study-rows';
import * as oneInstance from './0035-one-instance';
import * as dimseMoveDestinations from './0036-dimse-move-destinations';
import * as promptsForgetStudyUids from './0037-prompts-forget-study-uids';
import * as aiNeedsWorker from './0038-ai-needs-worker';
import * as trainingsMustLearn from './0039-trainings-must-learn';
import * as structureColours from './0040-structure-colours';
import * as xrWorkersAndSessions from './0026-xr-workers-and-sessions';

/** Every migration in order; a new one is a new file added here. */
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-upload-reference-labels-studies': uploadReferenceLabelsStudies,
  '0003-upload-sessions': uploadSessions,
  '0004-jobs': jobs,
  '0005-archive-sort': archiveSort,
  '0005-studies-list': studiesList,
  '0006-upload-session-expiry': uploadSessionExpiry,
  '0007-series-status': seriesStatus,
  '0007-upload-session-bytes': uploadSessionBytes,
  '0007-mr-acquisitions': mrAcquisitions,
  '0008-studies-list-slideshow': studiesListSlideshow,
  '0009-segmentations': segmentations,
  '0010-structure-catalogue': structureCatalogue,
  '0011-transfer-functions': transferFunctions,
  '0012-notifications': notifications,
  '0013-reviews': reviews,
  '0014-ai-models': aiModels,
  '0015-ai-workers': aiWorkers,
  '0016-inference': inference,
  '0017-platform-workers': platformWorkers,
  '0018-trainings': trainings,
  '0019-training-checkpoints': trainingCheckpoints,
  '0020-pipelines-and-flows': pipelinesAndFlows,
  '0021-ai-prompts': aiPrompts,
  '0023-api-users': apiUsers,
  '0024-log-sessions': logSessions,
  '0027-dataset-exports': datasetExports,
  '0029-audit-trail': auditTrail,
  '0030-dicomweb': dicomweb,
  '0032-dimse': dimse,
  '0033-dicomweb-waits': dicomwebWaits,
  '0034-dicomweb-study-rows': dicomwebStudyRows,
  '0035-one-instance': oneInstance,
  '0036-dimse-move-destinations': dimseMoveDestinations,
  '0037-prompts-forget-study-uids': promptsForgetStudyUids,
  '0038-ai-needs-worker': aiNeedsWorker,
  '0039-trainings-must-learn': trainingsMustLearn,
  '0040-structure-colours': structureColours,
  '0026-xr-workers-and-sessions': xrWorkersAndSessions,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
