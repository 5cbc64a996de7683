import { randomUUID } from 'node:crypto';
import {
  allEndpoints,
  AUTH_COOKIE,
  encodeStudyId,
  hostPrefix,
  MESSAGES,
  type Endpoint,
} from '@voxa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildMember,
  buildRole,
  buildTeam,
  buildUser,
  type TestTeam,
  type TestUser,
} from '../../test/factories';
import { callAtHost } from '../../test/host-call';
import { buildSegmentation, buildSegments, buildStructure } from '../../test/segmentation-factories';
import { buildSeries, buildStudy } from '../../test/study-factories';
import { createTestApp, type CallOptions, type TestApp } from '../../test/test-app';
import { DICOMWEB_ROUTES } from '../modules/dicomweb/routes';
import { hashToken, newToken } from '../platform/secrets';
import { CROSS_SITE_REFUSED } from './cross-site';

/**
 * Every team-scoped endpoint of the contract, called across tenants: without a token (401), for another
 * team by header and by host (404), without the permission (403), and with another team's ids (404).
 * Every team endpoint (and every user endpoint that needs a verified e-mail) answers 403 to an unverified
 * Owner, and every state change signed in by the cookie alone needs X-Requested-With and this origin.
 * Admin endpoints: 401 without a token, 403 for a non-administrator. A new endpoint without a sample
 * below fails this file, so its author decides what a minimal valid call looks like.
 */

interface Fixtures {
  a: TestTeam;
  b: TestTeam;
  ownerA: TestUser;
  /** A member of A whose role holds no permission. */
  powerlessA: TestUser;
  /** An Owner of A whose e-mail address is not verified (made so directly in the database). */
  unverifiedA: TestUser;
  /** Path parameter values owned by team A, and by team B. */
  paramsA: Params;
  paramsB: Params;
  /** Row ids owned by team A and by team B that samples put in queries and bodies. */
  labelA: number;
  labelB: number;
  studyA: { id: number; uuid: string };
  studyB: { id: number; uuid: string };
  /** A converted series of studyA (and of studyB), and A's second study. */
  seriesA: { id: number; uuid: string };
  seriesB: { id: number; uuid: string };
  studyA2: { id: number; uuid: string };
  /** Upload batch (session) row ids. */
  uploadA: number;
  uploadB: number;
  /** A shared segmentation of seriesA (and of seriesB), with one segment each. */
  segmentationA: { id: number };
  segmentationB: { id: number };
  /** A global structure's slug. */
  structure: string;
  /** A private AI model of team B. */
  aiModelB: number;
}

type Params = Record<string, number | string>;

interface Sample {
  body?: unknown;
  query?: Record<string, string>;
  /** A body naming another team's ids, on own-team params: must answer 404. */
  foreignBody?: unknown;
  /** A query naming another team's ids, on own-team params: must answer 404. */
  foreignQuery?: Record<string, string>;
}

const isolationWindow = { kind: 'window', name: 'Isolation', window: { width: 400, center: 40 } };
const isolationPipeline = {
  code: 'ISOLATION',
  name: 'Isolation',
  modality_code: 'CT',
  acquisitions: [{ code: 'AR', models: ['total'] }],
};
const isolationModel = (f: Fixtures) => ({
  name: 'Isolation',
  code: 'isolation',
  structure: f.structure,
  segments: [{ title: 'Organ', value: 1 }],
  runtime: 'external',
  modality: 'CT',
  spacing: [1.5, 1.5, 1.5],
});

const samples: Record<string, (f: Fixtures) => Sample> = {
  'POST /teams': () => ({ body: { title: 'Unverified', slug: 'unverified-team' } }),
  'GET /teams/check-slug': () => ({ query: { slug: 'some-slug' } }),
  'POST /teams/preferred': (f) => ({ body: { slug: f.a.slug } }),
  'GET /team/users': () => ({}),
  'PUT /team/users/:userId': (f) => ({
    body: { role_id: f.a.roles.Member },
    foreignBody: { role_id: f.b.roles.Member },
  }),
  'DELETE /team/users/:userId': () => ({}),
  'GET /invitations/role-list': () => ({}),
  'POST /invitations/save-item': (f) => ({
    body: { emails: [{ email: 'isolation@example.org', role_id: f.a.roles.Member }], team_id: f.a.id },
    foreignBody: { emails: [{ email: 'isolation@example.org', role_id: f.a.roles.Member }], team_id: f.b.id },
  }),
  'GET /team/invitations': () => ({}),
  'DELETE /team/invitations/:id': () => ({}),
  'GET /team/roles': () => ({}),
  'PUT /team/roles/:roleId': () => ({ body: { permissions: ['r:dashboard'] } }),
  'GET /admin/users': () => ({ query: { search: 'x' } }),
  'GET /admin/teams': () => ({}),
  'GET /admin/invitations': () => ({}),
  'GET /admin/roles': () => ({}),
  'PUT /admin/roles/:roleId': () => ({ body: { permissions: ['r:dashboard'] } }),
  'POST /admin/user-switch': (f) => ({ body: { user_id: f.ownerA.id } }),
  'GET /admin/audit': () => ({ query: { page: '1' } }),
  // Administrators name any team by its id: another team's segmentation is dataset-exports.int.test.ts's.
  'GET /admin/masterarbeit/teams/:teamId/structures': () => ({}),
  'GET /admin/masterarbeit/teams/:teamId/candidates': (f) => ({
    query: { structure_id: String(f.paramsA.structureId) },
  }),
  'GET /admin/masterarbeit/exports': () => ({}),
  'POST /admin/masterarbeit/exports': (f) => ({
    body: {
      team_id: f.a.id,
      structure_id: f.paramsA.structureId,
      segmentation_ids: [f.segmentationA.id],
      dataset_id: 501,
      name: 'Isolation',
    },
  }),
  'GET /admin/masterarbeit/exports/:exportId/download': () => ({}),
  'GET /admin/audit/csv': () => ({ query: { user: 'x' } }),
  'GET /admin/audit/fhir': () => ({ query: { user: 'x' } }),
  // A team's auditors read only their team's trail: another team's study id simply matches nothing.
  'GET /audit-events': () => ({ query: { page: '1' } }),
  'GET /audit-events/csv': () => ({ query: { user: 'x' } }),
  'GET /audit-events/fhir': () => ({ query: { user: 'x' } }),
  'GET /log-sessions': () => ({ query: { user: 'x' } }),
  'GET /log-sessions/:sessionId': () => ({}),
  'GET /log-events': () => ({ query: { page: '1' } }),
  'GET /log-events/csv': () => ({ query: { path: '/x' } }),
  'GET /ai-prompts': () => ({}),
  'POST /ai-prompts': () => ({
    body: { modality: 'US', type: 'acquisition', system: 'Answer in JSON.', user: '{{series}}' },
  }),
  'GET /ai-prompts/:promptId': () => ({}),
  'POST /ai-prompts/:promptId/versions': () => ({ body: { system: 'Answer in JSON.', user: '{{series}}' } }),
  'PUT /ai-prompts/:promptId/active': () => ({ body: { version: 1 } }),
  // Administrators only (permission admin): the foreign series in the body is ai-prompts.int.test.ts's.
  'GET /ai-prompts/series': () => ({ query: { search: 'x' } }),
  'POST /ai-prompts/:promptId/test': (f) => ({ body: { seriesUuid: f.seriesA.uuid } }),
  'POST /c-upload/a': () => ({ body: { s: [{ id: 'x', n: 'QQ==' }] } }),
  'GET /modality': () => ({}),
  'GET /acquisition': () => ({}),
  'GET /pipelines': () => ({}),
  'GET /pipeline-blueprints': () => ({}),
  'GET /pipeline': () => ({}),
  'POST /pipeline': () => ({ body: isolationPipeline }),
  'GET /pipeline/:pipelineId': () => ({}),
  'PUT /pipeline/:pipelineId': () => ({ body: isolationPipeline }),
  'DELETE /pipeline/:pipelineId': () => ({}),
  'GET /flow': () => ({ query: { state: 'waiting' } }),
  'GET /flow/:flowId': () => ({}),
  'GET /structures/categories': () => ({}),
  'GET /label': () => ({}),
  'POST /label': () => ({ body: { name: 'Isolation' } }),
  'PUT /label': (f) => ({
    query: { id: String(f.labelA) },
    body: { color: '#123456' },
    foreignQuery: { id: String(f.labelB) },
  }),
  'GET /label/study/:studyId': () => ({}),
  'POST /label/study/:studyId': (f) => ({
    query: { id: String(f.labelA) },
    foreignQuery: { id: String(f.labelB) },
  }),
  'DELETE /label/study/:studyId': (f) => ({
    query: { id: String(f.labelA) },
    foreignQuery: { id: String(f.labelB) },
  }),
  'GET /studies/:studyInstanceUid/check': () => ({}),
  'GET /studies-v2': (f) => ({
    query: { page: '1' },
    foreignQuery: { page: '1', bupload_id: String(f.uploadB) },
  }),
  'GET /studies-v2/:studyId': () => ({}),
  'GET /studies-v2/series/:studyId': () => ({}),
  'GET /studies-v2/slideshow/:seriesUuid/:frame': () => ({}),
  'POST /study/uuid': (f) => ({
    body: { p: encodeStudyId(f.studyA.id) },
    foreignBody: { p: encodeStudyId(f.studyB.id) },
  }),
  // Favourites of other teams are left out, not refused: one browser keeps favourites of every team.
  'POST /studies-v2/favorites': (f) => ({ body: { uuids: [f.studyA.uuid] } }),
  'GET /uploads': () => ({ query: { page: '1' } }),
  'GET /annotator/studies/:uuid': () => ({}),
  'PUT /studies-v2/change-sort-for-acquisition': (f) => ({
    body: { acquisitionCode: 'AR', series: [{ id: f.seriesA.id, sort: 1 }] },
    foreignBody: { acquisitionCode: 'AR', series: [{ id: f.seriesB.id, sort: 1 }] },
  }),
  'PUT /studies-v2/:studyId/reference-series': (f) => ({
    body: { serie_id: f.seriesA.id },
    foreignBody: { serie_id: f.seriesB.id },
  }),
  'PUT /studies-v2/series/move': (f) => ({
    body: { series: [f.seriesA.id], study_id: f.studyA2.id },
    foreignBody: { series: [f.seriesB.id], study_id: f.studyA2.id },
  }),
  'PUT /studies-v2/:studyId/name': () => ({ body: { name: 'Isolation' } }),
  'POST /llm/prompt/:modality/:type/:teamId': () => ({
    body: { series: [{ id: 'x1', modality: 'CT', seriesDescription: 'Arterial' }] },
  }),
  'POST /llm/cancel-prompt/:llmRemoteId': () => ({}),
  'POST /llm/prompts': () => ({
    query: { wsid: 'no-such-socket' },
    body: { studies: [{ id: 's1', modality: 'CT', series: [{ id: 'x1', modality: 'CT' }] }] },
  }),
  'POST /c-upload': () => ({ body: { prepare: true } }),
  'GET /c-upload/file': () => ({ query: { session_id: '00000000-0000-4000-8000-000000000000' } }),
  // Multipart in real use; access is decided before the body is read, so no body is needed here.
  'POST /c-upload/file': () => ({}),
  'POST /upload/studies': (f) => ({
    query: { version: '2' },
    body: {
      study: {
        id: 's',
        patientName: 'ANON-0000000000',
        modality: 'CT',
        series: [
          { id: '1.2.3', type: 'dcm', seriesNumber: 1, modalityCode: 'CT', cnt: 1, numberOfFrames: 1 },
        ],
      },
      studyInstanceUid: '1.2.3',
      session_id: f.paramsA.session,
      anonymize: true,
    },
    foreignBody: {
      study: {
        id: 's',
        patientName: 'ANON-0000000000',
        modality: 'CT',
        series: [
          { id: '1.2.3', type: 'dcm', seriesNumber: 1, modalityCode: 'CT', cnt: 1, numberOfFrames: 1 },
        ],
      },
      studyInstanceUid: '1.2.3',
      session_id: f.paramsB.session,
      anonymize: true,
    },
  }),
  'POST /c-upload/convert/serie/:session': (f) => ({
    body: {
      studyClientId: 's',
      studyRemoteId: f.studyA.id,
      studyRemoteUuid: f.studyA.uuid,
      serieClientUploadId: 'x',
      serieRemoteId: 1,
      serieRemoteUuid: f.studyA.uuid,
      type: 'dcm',
      location: 'local',
      files: ['file-0001'],
      modalityCode: 'CT',
      anonymize: true,
      idx: 0,
    },
  }),
  'POST /c-upload/sort-images/server': (f) => ({
    body: { session: f.paramsA.session },
    foreignBody: { session: f.paramsB.session },
  }),
  'GET /c-upload/uploaded-metadata/server': (f) => ({
    query: { session: String(f.paramsA.session) },
    foreignQuery: { session: String(f.paramsB.session) },
  }),
  'GET /c-upload/preview/:session/:uploadId': () => ({ query: { slice: '0' } }),
  'POST /batch-upload': (f) => ({
    body: { 'check-status': 1, studies: [f.studyA.uuid] },
    foreignBody: { 'check-status': 1, studies: [f.studyB.uuid] },
  }),
  'POST /batch-upload/file': () => ({}),
  'POST /batch-upload/after-upload/:session': () => ({ query: { check: '1' } }),
  'POST /batch-upload/get-dcm-pixel-data/:session': () => ({
    body: { file: 'x.dcm', numberOfFrames: 1, columns: 1, rows: 1 },
  }),
  'GET /c-upload/create-nifti-from-serie/:session/:studyKey/:uploadId': () => ({}),
  'POST /upload/change-status': (f) => ({
    body: { uuid: f.studyA.uuid, id: f.studyA.id, state: 'converted' },
    foreignBody: { uuid: f.studyB.uuid, id: f.studyB.id, state: 'converted' },
  }),
  'POST /upload-finished': (f) => ({
    body: { studies: [{ studyUuid: f.studyA.uuid }] },
    foreignBody: { studies: [{ studyUuid: f.studyB.uuid }] },
  }),
  'GET /roles/assignable-users': () => ({}),
  'GET /segmentations/assigned-users-to-serie/:uuid': () => ({}),
  'GET /segmentations/available-users/:team_id/:serie_id/:segmentation_id/:role_id': () => ({}),
  'POST /segmentations/add-user-to-segmentation': (f) => ({
    body: { segmentation_id: f.segmentationA.id, user_id: f.powerlessA.id, role_id: f.a.roles.Annotator },
    foreignBody: {
      segmentation_id: f.segmentationB.id,
      user_id: f.powerlessA.id,
      role_id: f.a.roles.Annotator,
    },
  }),
  'DELETE /segmentations/unassign-user-from-segmentation/:segmentationId/:userId/:roleId': () => ({}),
  'GET /segmentations': () => ({ query: { page: '1' } }),
  'GET /segmentations/:segmentationId': () => ({}),
  'POST /v2/create-mask/:uuid/:segmentationId': () => ({}),
  'PUT /v2/mask/remove-segment/:uuid/:segmentationId/:value': () => ({}),
  'GET /v2/mask/revisions/:uuid/:segmentationId': () => ({}),
  'GET /v2/mask/:uuid/:segmentationId': () => ({}),
  'PUT /v2/mask/restore/:uuid/:segmentationId/:revision': () => ({}),
  // The label map's bytes in real use; the series is looked up before the body is read.
  'POST /v2/import-mask/:uuid': (f) => ({ query: { structure: f.structure } }),
  'GET /v2/mask/seg/:uuid/:segmentationId': () => ({}),
  'POST /v2/import-seg/:uuid': (f) => ({ query: { structure: f.structure } }),
  'PUT /v2/mask/save/:uuid/:segmentationId': () => ({ query: { base: '1' } }),
  'GET /v2/volume/:uuid/:volume': () => ({}),
  'POST /annotator/auth/signed': () => ({ query: { permission_version: '0' } }),
  'GET /annotator/case/:uuid': () => ({}),
  'GET /structures': () => ({ query: { search: 'liver' } }),
  'GET /structures/:slug': () => ({}),
  'POST /structures': () => ({ body: { title: 'Isolation organ' } }),
  'PUT /structures/:slug': () => ({ body: { title: 'Isolation organ' } }),
  'DELETE /structures/:slug': () => ({}),
  'GET /admin/structures': () => ({ query: { search: 'liver' } }),
  'POST /admin/structures': () => ({ body: { title: 'Isolation global organ' } }),
  'PUT /admin/structures/:structureId': () => ({ body: { title: 'Isolation global organ' } }),
  'DELETE /admin/structures/:structureId': () => ({}),
  'POST /annotator/segmentations/:uuid': (f) => ({ body: { structure: f.structure, rbac: 1 } }),
  'DELETE /annotator/segmentations/:uuid/:segmentationId': () => ({}),
  'POST /annotator/segmentations/:uuid/:segmentationId/accept': () => ({ body: {} }),
  'POST /annotator/segment/create/:uuid/:segmentationId': () => ({ body: { title: 'Isolation' } }),
  'PUT /annotator/segment/delete/:uuid/:segmentationId/:segmentId': () => ({}),
  'PUT /annotator/segment/rename/:uuid/:segmentationId/:segmentId': () => ({ body: { name: 'Isolation' } }),
  'PUT /annotator/segment/change-color/:uuid/:segmentationId/:segmentId': () => ({
    body: { color: '#123456' },
  }),
  'GET /transfer-functions': () => ({ query: { kind: 'window' } }),
  'POST /transfer-functions': () => ({ body: isolationWindow }),
  'PUT /transfer-functions/:transferFunctionId': () => ({ body: isolationWindow }),
  'DELETE /transfer-functions/:transferFunctionId': () => ({}),
  // Notifications are the caller's own: `:id` names none of theirs in another team (404).
  'GET /notification': () => ({ query: { per_page: '10' } }),
  'GET /notification-new': () => ({ query: { last_id: '0' } }),
  'PUT /notification/update-all': () => ({ body: { is_seen: 1 } }),
  'PUT /notification/:id': () => ({ body: { is_seen: 1 } }),
  'GET /ai-workers': () => ({}),
  'POST /ai-workers': () => ({ body: { name: 'Isolation worker' } }),
  'DELETE /ai-workers/:workerId': () => ({}),
  'GET /xr-workers': () => ({}),
  'POST /xr-workers': () => ({ body: { name: 'Isolation headset' } }),
  'DELETE /xr-workers/:xrWorkerId': () => ({}),
  'GET /xr-sessions': () => ({}),
  'POST /xr-sessions': (f) => ({
    body: { xr_worker_id: f.paramsA.xrWorkerId, series_uuid: f.seriesA.uuid },
    foreignBody: { xr_worker_id: f.paramsB.xrWorkerId, series_uuid: f.seriesA.uuid },
  }),
  'POST /xr-sessions/:xrSessionId/end': () => ({}),
  'GET /modules': () => ({}),
  'GET /api-users': () => ({}),
  'GET /team/dicomweb': () => ({}),
  'PUT /team/dicomweb': () => ({ body: { anonymize: true } }),
  'GET /team/dimse': () => ({}),
  'PUT /team/dimse': () => ({ body: { callingAeTitles: ['PACS'] } }),
  'GET /api-users/roles': () => ({}),
  'POST /api-users': (f) => ({
    body: { name: 'Isolation script', role_id: f.a.roles.Member },
    foreignBody: { name: 'Isolation script', role_id: f.b.roles.Member },
  }),
  'GET /api-users/:apiUserId': () => ({}),
  'DELETE /api-users/:apiUserId': () => ({}),
  'POST /api-users/:apiUserId/tokens': () => ({ body: { name: 'Isolation token' } }),
  'DELETE /api-users/:apiUserId/tokens/:tokenId': () => ({}),
  'GET /reviews': () => ({ query: { box: 'to-review' } }),
  'GET /segmentations/:segmentationId/review': () => ({}),
  'POST /segmentations/:segmentationId/review/submit': () => ({}),
  'POST /segmentations/:segmentationId/review/approve': () => ({}),
  'POST /segmentations/:segmentationId/review/request-changes': () => ({}),
  'POST /segmentations/:segmentationId/comments': () => ({ body: { body: 'Isolation' } }),
  'GET /v2/cine/:uuid': () => ({}),
  'POST /cmd/ls': () => ({ body: { dir: '/' } }),
  'POST /cmd/mkdir': () => ({ body: { dir: '/import/x' } }),
  'POST /cmd/cp': () => ({ body: { paths: ['/import/x'], to: '/import/y' } }),
  'POST /cmd/mv': () => ({ body: { paths: ['/import/x'], to: '/import/y' } }),
  'POST /cmd/rm': () => ({ body: { paths: ['/import/x'] } }),
  'POST /cmd/zip': () => ({ body: { path: '/import/x', file: '/import/x.zip' } }),
  'POST /cmd/unzip': () => ({ body: { path: '/import/x', file: '/import/x.zip' } }),
  'POST /cmd/cancel': () => ({ body: { op: 'x' } }),
  'POST /cmd/import': () => ({ body: { dir: '/import/x' } }),
  'GET /ai2/models': () => ({ query: { i: '1' } }),
  'GET /ai2/model/:modelId': () => ({}),
  'POST /ai2/model': (f) => ({
    body: isolationModel(f),
    foreignBody: { ...isolationModel(f), parent_id: f.aiModelB },
  }),
  'PUT /ai2/model/:modelId': (f) => ({ body: isolationModel(f) }),
  'DELETE /ai2/model/:modelId': () => ({}),
  // The ONNX bytes in real use; the model is looked up before the body is read.
  'PUT /ai2/model/:modelId/file': () => ({}),
  'GET /ai2/model/:modelId/file': () => ({}),
  'POST /ai2/infer/create': (f) => ({
    body: { caseId: f.studyA.uuid, modelId: f.paramsA.modelId },
    foreignBody: { caseId: f.studyB.uuid, modelId: f.paramsA.modelId },
  }),
  'POST /ai2/infer/start/:caseId/:inferenceId': (f) => ({
    body: {
      caseId: f.studyA.uuid,
      inferenceId: f.paramsA.inferenceId,
      modelId: f.paramsA.modelId,
      taskId: f.seriesA.uuid,
    },
  }),
  'GET /ai2/inferences': (f) => ({ query: { study: f.studyA.uuid } }),
  'GET /ai2/inference/:inferenceId': () => ({}),
  'PUT /ai2/inference/:inferenceId/cancel': () => ({}),
  'POST /ai2/infer/batch': (f) => ({
    body: { modelId: f.paramsA.modelId, studies: [f.studyA.uuid] },
    foreignBody: { modelId: f.paramsA.modelId, studies: [f.studyA.uuid, f.studyB.uuid] },
  }),
  'GET /ai2/infer/batches': () => ({}),
  'GET /ai2/infer/batch/:batchId': () => ({}),
  'GET /ai2/ai-train/:modelId/train-segmentation': (f) => ({
    query: { segmentationId: String(f.segmentationA.id) },
    foreignQuery: { segmentationId: `${f.segmentationA.id},${f.segmentationB.id}` },
  }),
  'POST /ai2/train/create': (f) => ({
    body: { modelId: f.paramsA.modelId, segmentationIds: [f.segmentationA.id] },
    foreignBody: { modelId: f.paramsA.modelId, segmentationIds: [f.segmentationA.id, f.segmentationB.id] },
  }),
  'POST /ai2/train/start/:trainingId': () => ({ body: {} }),
  'PUT /ai2/ai-train/stop/:trainId': (f) => ({ body: { trainId: f.paramsA.trainId, state: 'stopped' } }),
  'POST /ai2/train/promote/:trainingId': () => ({}),
  'GET /ai2/trainings': () => ({}),
  'GET /ai2/training/:trainingId': () => ({}),
  'GET /ai2/model-configuration': () => ({}),
  'PUT /ai2/model-configuration/:modelId': () => ({ body: { n: null, mp: {}, automatic: false } }),
  'GET /ai2/needs-worker': (f) => ({ query: { study: f.studyA.uuid } }),
  'PUT /ai2/inferences/cancel-waiting': () => ({ body: { model: 'total' } }),
};

/** Path parameters that name no team's row (a DICOM UID): the foreign-id check does not apply to them. */
const unownedParams = new Set([
  'studyInstanceUid',
  'modality',
  'type',
  'frame',
  'volume',
  'value',
  'revision',
  // A language-model prompt is platform-wide (decision 0057).
  'promptId',
]);
const ownsPathIds = (e: Endpoint) =>
  [...e.path.matchAll(/:(\w+)/g)].some(([, name]) => !unownedParams.has(name ?? ''));

const key = (e: Endpoint) => `${e.method} ${e.path}`;
/** `:uuid` is a series' uuid on every path but these, where it names another row (the params maps' key). */
const uuidNames: Record<string, string> = { 'GET /annotator/studies/:uuid': 'studyUuid' };
/** Endpoints whose sample names another team's ids in the body. */
const foreignBodies = new Set([
  'PUT /team/users/:userId',
  'POST /invitations/save-item',
  'POST /upload/studies',
  'POST /c-upload/sort-images/server',
  'POST /batch-upload',
  'POST /upload/change-status',
  'POST /upload-finished',
  'POST /study/uuid',
  'PUT /studies-v2/change-sort-for-acquisition',
  'PUT /studies-v2/:studyId/reference-series',
  'PUT /studies-v2/series/move',
  'POST /segmentations/add-user-to-segmentation',
  'POST /ai2/model',
  'POST /ai2/infer/create',
  'POST /ai2/infer/batch',
  'POST /ai2/train/create',
  'POST /xr-sessions',
]);
/** Endpoints whose sample names another team's ids in the query. */
const foreignQueries = new Set([
  'PUT /label',
  'POST /label/study/:studyId',
  'DELETE /label/study/:studyId',
  'GET /c-upload/uploaded-metadata/server',
  'GET /studies-v2',
  'GET /ai2/ai-train/:modelId/train-segmentation',
]);
const teamEndpoints = allEndpoints().filter((e) => e.scope === 'team');
const verifiedUserEndpoints = allEndpoints().filter((e) => e.scope === 'user' && e.verified);
const readMethods = new Set(['GET', 'HEAD']);
const adminEndpoints = allEndpoints().filter((e) => e.scope === 'admin');

function fill(e: Endpoint, params: Params): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name === 'uuid' ? (uuidNames[key(e)] ?? name) : name];
    if (value === undefined) throw new Error(`no value for :${name} of ${key(e)}; add it to the params maps`);
    return String(value);
  });
}

let t: TestApp;
let f: Fixtures;

beforeAll(async () => {
  t = await createTestApp();
  const ownerA = await buildUser(t);
  const ownerB = await buildUser(t);
  const a = await buildTeam(t, ownerA);
  const b = await buildTeam(t, ownerB);
  await buildRole(t, a, 'Nobody');
  const powerlessA = await buildMember(t, a, 'Nobody');
  const unverifiedA = await buildUser(t, { verified: false });
  await addMember(t, a, unverifiedA, 'Owner');
  const memberB = await buildMember(t, b, 'Member');
  const [labelA, labelB] = await t.db
    .insertInto('labels')
    .values([
      { team_id: a.id, name: 'Label A' },
      { team_id: b.id, name: 'Label B' },
    ])
    .returning('id')
    .execute();
  const studyA = await buildStudy(t, a);
  const studyB = await buildStudy(t, b);
  const studyA2 = await buildStudy(t, a);
  const seriesA = await buildSeries(t, a, studyA, { sort: 1 });
  const seriesB = await buildSeries(t, b, studyB, { sort: 1 });
  const [sessionA, sessionB] = await t.db
    .insertInto('upload_sessions')
    .values([
      { uuid: randomUUID(), team_id: a.id, user_id: ownerA.id },
      { uuid: randomUUID(), team_id: b.id, user_id: ownerB.id },
    ])
    .returning(['id', 'uuid'])
    .execute();
  const prompt = (teamId: number, userId: number) => ({
    team_id: teamId,
    user_id: userId,
    socket_id: 'isolation',
    study_client_id: 's1',
    modality: 'CT',
  });
  const [promptA, promptB] = await t.db
    .insertInto('llm_prompts')
    .values([prompt(a.id, ownerA.id), prompt(b.id, ownerB.id)])
    .returning('uuid')
    .execute();
  if (!promptA || !promptB) throw new Error('prompts not made');
  const structure = await buildStructure(t, { slug: 'isolation-structure' });
  const ownStructureA = await buildStructure(t, { team: a, slug: 'isolation-own-a' });
  const ownStructureB = await buildStructure(t, { team: b, slug: 'isolation-own-b' });
  const segmentationA = await buildSegmentation(t, a, seriesA, { structure, user: ownerA, rbac: true });
  const segmentationB = await buildSegmentation(t, b, seriesB, { structure, user: ownerB, rbac: true });
  const [segmentA] = await buildSegments(t, a, segmentationA, 1);
  const [segmentB] = await buildSegments(t, b, segmentationB, 1);
  const [transferFunctionA, transferFunctionB] = await t.db
    .insertInto('transfer_functions')
    .values(
      [a.id, b.id].map((team_id) => ({
        team_id,
        name: 'Own',
        kind: 'window' as const,
        window_width: 1,
        window_center: 0,
      })),
    )
    .returning('id')
    .execute();
  const [workerA, workerB] = await t.db
    .insertInto('ai_workers')
    .values([a.id, b.id].map((team_id) => ({ team_id, name: 'Worker', token_hash: `isolation-${team_id}` })))
    .returning('id')
    .execute();
  const [xrWorkerA, xrWorkerB] = await t.db
    .insertInto('xr_workers')
    .values(
      [a.id, b.id].map((team_id) => ({ team_id, name: 'Headset', token_hash: `isolation-xr-${team_id}` })),
    )
    .returning('id')
    .execute();
  const [xrSessionA, xrSessionB] = await t.db
    .insertInto('xr_sessions')
    .values([
      { team_id: a.id, xr_worker_id: xrWorkerA?.id ?? 0, series_id: seriesA.id, state: 'ended' as const },
      { team_id: b.id, xr_worker_id: xrWorkerB?.id ?? 0, series_id: seriesB.id },
    ])
    .returning('id')
    .execute();
  // An API user of each team (its backing user is memberB's and powerlessA's row: only ids matter here).
  const [apiUserA, apiUserB] = await t.db
    .insertInto('api_users')
    .values([
      { team_id: a.id, user_id: powerlessA.id, name: 'Script', role_id: a.roles.Member },
      { team_id: b.id, user_id: memberB.id, name: 'Script', role_id: b.roles.Member },
    ])
    .returning('id')
    .execute();
  const [apiTokenA, apiTokenB] = await t.db
    .insertInto('api_tokens')
    .values(
      [apiUserA, apiUserB].map((u) => ({
        api_user_id: u?.id ?? 0,
        name: 'Token',
        prefix: 'vxa_isolat',
        token_hash: `isolation-api-${u?.id ?? 0}`,
      })),
    )
    .returning('id')
    .execute();
  const [aiModelA, aiModelB] = await t.db
    .insertInto('ai_models')
    .values(
      [a.id, b.id].map((team_id) => ({
        team_id,
        name: 'Private',
        code: 'private',
        structure_id: structure.id,
        segments: JSON.stringify([{ title: 'Organ', value: 1 }]),
        runtime: 'external' as const,
        modality: 'CT',
        channels: 1,
        spacing: JSON.stringify([1, 1, 1]),
      })),
    )
    .returning('id')
    .execute();
  const [inferenceA, inferenceB] = await t.db
    .insertInto('ai_jobs')
    .values(
      [
        [a.id, seriesA.id, aiModelA?.id],
        [b.id, seriesB.id, aiModelB?.id],
      ].map(([team_id = 0, series_id = 0, model_id = 0]) => ({
        team_id,
        series_id,
        model_id,
        model_code: 'private',
        structure_id: structure.id,
        segments: JSON.stringify([{ title: 'Organ', value: 1 }]),
        state: 'created' as const,
        trace_id: randomUUID(),
      })),
    )
    .returning('id')
    .execute();
  const [trainingA, trainingB] = await t.db
    .insertInto('ai_jobs')
    .values(
      [
        [a.id, aiModelA?.id],
        [b.id, aiModelB?.id],
      ].map(([team_id = 0, model_id = 0]) => ({
        kind: 'training' as const,
        team_id,
        series_id: null,
        model_id,
        model_code: 'private',
        structure_id: structure.id,
        segments: JSON.stringify([{ title: 'Organ', value: 1 }]),
        state: 'created' as const,
        trace_id: randomUUID(),
      })),
    )
    .returning('id')
    .execute();
  await t.db
    .insertInto('ai_trainings')
    .values([
      { job_id: trainingA?.id ?? 0, segmentation_ids: JSON.stringify([segmentationA.id]) },
      { job_id: trainingB?.id ?? 0, segmentation_ids: JSON.stringify([segmentationB.id]) },
    ])
    .execute();
  const [batchA, batchB] = await t.db
    .insertInto('ai_inference_batches')
    .values([a.id, b.id].map((team_id) => ({ team_id, model_code: 'private' })))
    .returning('id')
    .execute();
  const [pipelineA, pipelineB] = await t.db
    .insertInto('team_pipelines')
    .values(
      [a.id, b.id].map((team_id) => ({
        team_id,
        code: 'OWN',
        name: 'Own',
        modality_code: 'CT',
        acquisitions: JSON.stringify([{ code: 'AR', models: [] }]),
      })),
    )
    .returning('id')
    .execute();
  const [flowA, flowB] = await t.db
    .insertInto('flows')
    .values([
      { team_id: a.id, study_id: studyA.id, pipeline_code: 'OWN', pipeline_name: 'Own' },
      { team_id: b.id, study_id: studyB.id, pipeline_code: 'OWN', pipeline_name: 'Own' },
    ])
    .returning('id')
    .execute();
  const [logEventA, logEventB] = await t.db
    .insertInto('activity_logs')
    .values(
      [a.id, b.id].map((team_id) => ({
        user_id: ownerA.id,
        team_id,
        app: 'web',
        type: 'route',
        path: '/dashboard',
        session_id: `isolation-${team_id}`,
      })),
    )
    .returning('id')
    .execute();
  const [invitationA, invitationB] = await t.db
    .insertInto('invitations')
    .values([
      { team_id: a.id, email: 'pending-a@example.org', role_id: a.roles.Member },
      { team_id: b.id, email: 'pending-b@example.org', role_id: b.roles.Member },
    ])
    .returning('id')
    .execute();
  f = {
    a,
    b,
    ownerA,
    powerlessA,
    unverifiedA,
    paramsA: {
      userId: powerlessA.id,
      roleId: a.roles.Viewer,
      id: invitationA?.id ?? 0,
      studyId: studyA.id,
      studyInstanceUid: '1.2.3.4',
      session: sessionA?.uuid ?? '',
      uploadId: '0123456789abcdef',
      studyKey: 'fedcba9876543210',
      modality: 'CT',
      type: 'acquisition',
      teamId: a.id,
      llmRemoteId: promptA.uuid,
      seriesUuid: seriesA.uuid,
      frame: 0,
      volume: 0,
      uuid: seriesA.uuid,
      studyUuid: studyA.uuid,
      segmentationId: segmentationA.id,
      segmentId: segmentA?.id ?? 0,
      value: 1,
      revision: 1,
      team_id: a.id,
      serie_id: seriesA.id,
      segmentation_id: segmentationA.id,
      role_id: a.roles.Annotator,
      slug: ownStructureA.slug,
      structureId: structure.id,
      transferFunctionId: transferFunctionA?.id ?? 0,
      workerId: workerA?.id ?? 0,
      apiUserId: apiUserA?.id ?? 0,
      tokenId: apiTokenA?.id ?? 0,
      modelId: aiModelA?.id ?? 0,
      inferenceId: inferenceA?.id ?? 0,
      trainingId: trainingA?.id ?? 0,
      trainId: trainingA?.id ?? 0,
      caseId: studyA.uuid,
      batchId: batchA?.id ?? 0,
      pipelineId: pipelineA?.id ?? 0,
      flowId: flowA?.id ?? 0,
      promptId: 1,
      sessionId: logEventA?.id ?? 0,
      exportId: 1,
      xrWorkerId: xrWorkerA?.id ?? 0,
      xrSessionId: xrSessionA?.id ?? 0,
    },
    paramsB: {
      userId: memberB.id,
      roleId: b.roles.Viewer,
      id: invitationB?.id ?? 0,
      studyId: studyB.id,
      studyInstanceUid: '1.2.3.4',
      session: sessionB?.uuid ?? '',
      uploadId: '0123456789abcdef',
      studyKey: 'fedcba9876543210',
      modality: 'CT',
      type: 'acquisition',
      teamId: b.id,
      llmRemoteId: promptB.uuid,
      seriesUuid: seriesB.uuid,
      frame: 0,
      volume: 0,
      uuid: seriesB.uuid,
      studyUuid: studyB.uuid,
      segmentationId: segmentationB.id,
      segmentId: segmentB?.id ?? 0,
      value: 1,
      revision: 1,
      team_id: b.id,
      serie_id: seriesB.id,
      segmentation_id: segmentationB.id,
      role_id: b.roles.Annotator,
      slug: ownStructureB.slug,
      structureId: structure.id,
      transferFunctionId: transferFunctionB?.id ?? 0,
      workerId: workerB?.id ?? 0,
      apiUserId: apiUserB?.id ?? 0,
      tokenId: apiTokenB?.id ?? 0,
      modelId: aiModelB?.id ?? 0,
      inferenceId: inferenceB?.id ?? 0,
      trainingId: trainingB?.id ?? 0,
      trainId: trainingB?.id ?? 0,
      caseId: studyB.uuid,
      batchId: batchB?.id ?? 0,
      pipelineId: pipelineB?.id ?? 0,
      flowId: flowB?.id ?? 0,
      promptId: 1,
      sessionId: logEventB?.id ?? 0,
      exportId: 2,
      xrWorkerId: xrWorkerB?.id ?? 0,
      xrSessionId: xrSessionB?.id ?? 0,
    },
    labelA: labelA?.id ?? 0,
    labelB: labelB?.id ?? 0,
    studyA,
    studyB,
    seriesA,
    seriesB,
    studyA2,
    uploadA: sessionA?.id ?? 0,
    uploadB: sessionB?.id ?? 0,
    segmentationA,
    segmentationB,
    structure: structure.slug,
    aiModelB: aiModelB?.id ?? 0,
  };
});
afterAll(async () => t.close());

type CallWith = CallOptions & {
  params: Params;
  body?: unknown;
  query?: Record<string, string>;
  host?: TestTeam;
};

/** Headers of a browser that sends only the auth cookie: no Authorization, no X-Requested-With. */
const cookieOnly = (user: TestUser) => ({ cookie: `${AUTH_COOKIE}=${user.token}`, 'x-requested-with': '' });

/** Calls an endpoint with its sample; the team goes in the `Team` header, or in the Host when `host` is given. */
async function call(e: Endpoint, opts: CallWith) {
  const sample = samples[key(e)]?.(f) ?? {};
  const queryValues = 'query' in opts ? opts.query : sample.query;
  const query = queryValues ? `?${new URLSearchParams(queryValues).toString()}` : '';
  const body = 'body' in opts ? opts.body : sample.body;
  const url = `${fill(e, opts.params)}${query}`;
  const prefix = hostPrefix(e);
  if (opts.host)
    return callAtHost(t, e.method, url, {
      host: `${opts.host.slug}.voxa.test`,
      token: opts.token,
      body,
      prefix,
    });
  return t.call(e.method, url, { ...opts, body, prefix });
}

describe('tenant isolation', () => {
  it('has a sample call for every team and admin endpoint', () => {
    const missing = [...teamEndpoints, ...adminEndpoints, ...verifiedUserEndpoints]
      .map(key)
      .filter((k) => !samples[k]);
    expect(missing).toEqual([]);
  });

  it('takes the team from the host as well as from the header', async () => {
    const res = await callAtHost(t, 'GET', '/team/users', {
      host: `${f.a.slug}.voxa.test`,
      token: f.ownerA.token,
    });
    expect(res.status).toBe(200);
    const none = await callAtHost(t, 'GET', '/team/users', { host: 'voxa.test', token: f.ownerA.token });
    expect(none.status).toBe(404);
  });

  describe.each(teamEndpoints.map((e) => [key(e), e] as const))('%s', (_name, e) => {
    it('answers 401 without a token', async () => {
      expect((await call(e, { params: f.paramsA, team: f.a.slug })).status).toBe(401);
    });

    it('answers 404 for a team the caller is not in (header and host)', async () => {
      const byHeader = await call(e, { params: f.paramsB, token: f.ownerA.token, team: f.b.slug });
      expect(byHeader.status).toBe(404);
      const byHost = await call(e, { params: f.paramsB, token: f.ownerA.token, host: f.b });
      expect(byHost.status).toBe(404);
    });

    it('answers 403 to an unverified Owner of the team', async () => {
      const res = await call(e, { params: f.paramsA, token: f.unverifiedA.token, team: f.a.slug });
      expect(res).toMatchObject({ status: 403, body: { message: MESSAGES.verifyFirst } });
    });

    if (readMethods.has(e.method))
      it('lets the cookie alone sign a read in, as the bearer token does', async () => {
        const res = await call(e, { params: f.paramsA, team: f.a.slug, headers: cookieOnly(f.ownerA) });
        const bearer = await call(e, { params: f.paramsA, team: f.a.slug, token: f.ownerA.token });
        expect(res.status).toBe(bearer.status);
      });
    else
      it('refuses a state change signed in by the cookie alone without X-Requested-With, or from another origin', async () => {
        const bare = await call(e, { params: f.paramsA, team: f.a.slug, headers: cookieOnly(f.ownerA) });
        expect(bare).toMatchObject({ status: 403, body: { message: CROSS_SITE_REFUSED } });
        const foreign = await call(e, {
          params: f.paramsA,
          team: f.a.slug,
          headers: {
            ...cookieOnly(f.ownerA),
            'x-requested-with': 'XMLHttpRequest',
            origin: 'http://evil.voxa.test',
          },
        });
        expect(foreign).toMatchObject({ status: 403, body: { message: CROSS_SITE_REFUSED } });
      });

    // Only the checks that apply to this endpoint are generated, so nothing here is skipped.
    if (e.permissions?.length || e.anyPermission?.length)
      it('answers 403 to a member without the permission', async () => {
        const byHeader = await call(e, { params: f.paramsA, token: f.powerlessA.token, team: f.a.slug });
        expect(byHeader.status).toBe(403);
        const byHost = await call(e, { params: f.paramsA, token: f.powerlessA.token, host: f.a });
        expect(byHost.status).toBe(403);
      });

    if (ownsPathIds(e))
      it('answers 404 for another team’s ids in the path', async () => {
        const res = await call(e, { params: f.paramsB, token: f.ownerA.token, team: f.a.slug });
        expect(res.status).toBe(404);
      });

    if (foreignBodies.has(key(e)))
      it('answers 404 for another team’s ids in the body', async () => {
        const foreign = samples[key(e)]?.(f).foreignBody;
        const res = await call(e, {
          params: f.paramsA,
          token: f.ownerA.token,
          team: f.a.slug,
          body: foreign,
        });
        expect(res.status).toBe(404);
      });

    if (foreignQueries.has(key(e)))
      it('answers 404 for another team’s ids in the query', async () => {
        const foreign = samples[key(e)]?.(f).foreignQuery;
        const res = await call(e, {
          params: f.paramsA,
          token: f.ownerA.token,
          team: f.a.slug,
          query: foreign,
        });
        expect(res.status).toBe(404);
      });
  });

  describe.each(verifiedUserEndpoints.map((e) => [key(e), e] as const))('%s', (_name, e) => {
    it('answers 403 to an unverified user', async () => {
      const res = await call(e, { params: f.paramsA, token: f.unverifiedA.token });
      expect(res).toMatchObject({ status: 403, body: { message: MESSAGES.verifyFirst } });
    });
  });

  describe.each(adminEndpoints.map((e) => [key(e), e] as const))('%s', (_name, e) => {
    it('answers 401 without a token and 403 to a non-administrator', async () => {
      expect((await call(e, { params: f.paramsA })).status).toBe(401);
      expect((await call(e, { params: f.paramsA, token: f.ownerA.token, team: f.a.slug })).status).toBe(403);
    });
  });

  describe('worker endpoints about a job', () => {
    /** A minimal valid call of each: a new one without a sample fails the first test. */
    const workerSamples: Record<string, { body?: unknown; bytes?: Uint8Array }> = {
      'GET /ai-worker/jobs/:jobId/input/:volume': {},
      'GET /ai-worker/jobs/:jobId/segmentations/:segmentationId/input/:volume': {},
      'GET /ai-worker/jobs/:jobId/segmentations/:segmentationId/mask': {},
      'POST /ai-worker/jobs/:jobId/progress': { body: { progress: 0.5 } },
      'POST /ai-worker/jobs/:jobId/metrics': { body: { epoch: 1, loss: 1, val_dice: 0.5 } },
      // Refused before the multipart body is read.
      'PUT /ai-worker/jobs/:jobId/checkpoint': { body: {} },
      'POST /ai-worker/jobs/:jobId/finish': { body: {} },
      'PUT /ai-worker/jobs/:jobId/result': { bytes: new Uint8Array([1]) },
      'POST /ai-worker/jobs/:jobId/fail': { body: { message: 'Isolation.' } },
    };
    const jobEndpoints = allEndpoints().filter((e) => e.scope === 'worker' && e.path.includes(':jobId'));
    const tokenA = `vxw_${newToken()}`;
    let jobB = 0;

    beforeAll(async () => {
      await t.db
        .insertInto('ai_workers')
        .values({ team_id: f.a.id, name: 'Isolation A', token_hash: hashToken(tokenA) })
        .execute();
      const structure = await buildStructure(t, { team: f.b });
      const job = await t.db
        .insertInto('ai_jobs')
        .values({
          kind: 'training',
          team_id: f.b.id,
          series_id: null,
          model_code: 'isolation',
          structure_id: structure.id,
          segments: JSON.stringify([{ title: 'Part 1', value: 1 }]),
          state: 'queued',
          trace_id: randomUUID(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('ai_trainings')
        .values({ job_id: job.id, segmentation_ids: JSON.stringify([f.segmentationB.id]) })
        .execute();
      jobB = job.id;
    });

    it('has a sample call for every one', () => {
      expect(jobEndpoints.map(key).filter((k) => !workerSamples[k])).toEqual([]);
    });

    it.each(jobEndpoints.map((e) => [key(e), e] as const))(
      '%s answers 404 to a team worker for another team’s job',
      async (name, e) => {
        const url = e.path
          .replace(':jobId', String(jobB))
          .replace(':segmentationId', String(f.segmentationB.id))
          .replace(':volume', '0');
        const res = await t.call(e.method, url, { token: tokenA, ...workerSamples[name] });
        expect(res.status, JSON.stringify(res.body)).toBe(404);
      },
    );
  });

  describe('XR worker endpoints about a session', () => {
    const xrEndpoints = allEndpoints().filter(
      (e) => e.scope === 'xr-worker' && e.path.includes(':xrSessionId'),
    );
    const tokenA = `vxr_${newToken()}`;
    beforeAll(async () => {
      await t.db
        .insertInto('xr_workers')
        .values({ team_id: f.a.id, name: 'Isolation XR A', token_hash: hashToken(tokenA) })
        .execute();
    });

    it.each(xrEndpoints.map((e) => [key(e), e] as const))(
      '%s answers 404 to a team’s XR worker for another team’s session',
      async (_name, e) => {
        const url = e.path.replace(':xrSessionId', String(f.paramsB.xrSessionId)).replace(':volume', '0');
        const res = await t.call(e.method, url, { token: tokenA });
        expect(res.status, JSON.stringify(res.body)).toBe(404);
      },
    );
  });
});

describe('DICOMweb routes (not contract endpoints: PS3.18 defines them)', () => {
  /** UIDs of one instance indexed in team A and one in team B (rows as the index writes them). */
  const uids = (team: string) => ({
    study: `2.25.${team}1`,
    series: `2.25.${team}2`,
    instance: `2.25.${team}3`,
    frames: '1',
  });
  const fill = (path: string, values: Record<string, string>) =>
    path.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? '');
  const stowType = { 'content-type': 'multipart/related; type="application/dicom"; boundary=x' };
  const dicomCall = (
    r: (typeof DICOMWEB_ROUTES)[number],
    opts: CallOptions & { ids: Record<string, string> },
  ) =>
    t.call(r.method, fill(r.path, opts.ids), {
      ...opts,
      prefix: '/dicom-web',
      ...(r.method === 'POST' && { raw: '--x--', headers: { ...stowType, ...opts.headers } }),
    });

  beforeAll(async () => {
    for (const [team, series, study, tag] of [
      [f.a, f.seriesA, f.studyA, 'a'],
      [f.b, f.seriesB, f.studyB, 'b'],
    ] as const) {
      const u = uids(tag === 'a' ? '1' : '2');
      await t.db.updateTable('series').set({ dicomweb_indexed: true }).where('id', '=', series.id).execute();
      await t.db
        .insertInto('dicomweb_instances')
        .values({
          team_id: team.id,
          study_id: study.id,
          series_id: series.id,
          file: 'none.dcm',
          study_uid: u.study,
          series_uid: u.series,
          sop_uid: u.instance,
          sop_class_uid: '1.2.840.10008.5.1.4.1.1.2',
          modality: 'CT',
          attributes: JSON.stringify({ '0020000D': { vr: 'UI', Value: [u.study] } }),
        })
        .execute();
    }
  });

  describe.each(DICOMWEB_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, r) => {
    it('answers 401 without a token, 404 for a team the caller is not in, 403 unverified or without the permission', async () => {
      const ids = uids('1');
      expect((await dicomCall(r, { ids, team: f.a.slug })).status).toBe(401);
      expect((await dicomCall(r, { ids: uids('2'), token: f.ownerA.token, team: f.b.slug })).status).toBe(
        404,
      );
      const byHost = await callAtHost(t, r.method, fill(r.path, uids('2')), {
        host: `${f.b.slug}.voxa.test`,
        token: f.ownerA.token,
        prefix: '/dicom-web',
      });
      expect(byHost.status).toBe(404);
      expect((await dicomCall(r, { ids, token: f.unverifiedA.token, team: f.a.slug })).status).toBe(403);
      expect((await dicomCall(r, { ids, token: f.powerlessA.token, team: f.a.slug })).status).toBe(403);
    });

    if (r.method === 'GET')
      it('shows nothing of another team’s study, series or instance by its UIDs', async () => {
        const res = await dicomCall(r, { ids: uids('2'), token: f.ownerA.token, team: f.a.slug });
        if (r.kind.startsWith('qido')) {
          expect(res.status).toBe(200);
          expect(JSON.stringify(res.body)).not.toContain('2.25.2');
        } else expect(res.status).toBe(404);
      });
    else
      it('refuses a store signed in by the cookie alone', async () => {
        const res = await dicomCall(r, {
          ids: uids('1'),
          team: f.a.slug,
          headers: { cookie: `${AUTH_COOKIE}=${f.ownerA.token}`, 'x-requested-with': '' },
        });
        expect(res).toMatchObject({ status: 403, body: { message: CROSS_SITE_REFUSED } });
      });
  });
});
