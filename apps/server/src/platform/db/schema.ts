import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  AiJobKind,
  AiModelFile,
  AiModelNormalization,
  AiModelRuntime,
  AiModelSegmentInput,
  InferenceState,
  ModelRuntimeSpec,
  ReviewEventKind,
  ReviewState,
  SeriesStatus,
  TrainingEpoch,
  XrSessionState,
} from '@voxa/contracts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Row types of the one PostgreSQL schema (migrations in ./migrations). */
export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  one_time_tokens: OneTimeTokensTable;
  teams: TeamsTable;
  roles: RolesTable;
  team_users: TeamUsersTable;
  invitations: InvitationsTable;
  activity_logs: ActivityLogsTable;
  audit_logs: AuditLogsTable;
  jobs: JobsTable;
  server_secrets: ServerSecretsTable;
  modalities: ModalitiesTable;
  acquisitions: AcquisitionsTable;
  pipeline_blueprints: PipelineBlueprintsTable;
  team_pipelines: TeamPipelinesTable;
  flows: FlowsTable;
  flow_steps: FlowStepsTable;
  structure_categories: StructureCategoriesTable;
  labels: LabelsTable;
  studies: StudiesTable;
  series: SeriesTable;
  study_labels: StudyLabelsTable;
  team_study_counts: TeamStudyCountsTable;
  llm_prompts: LlmPromptsTable;
  upload_sessions: UploadSessionsTable;
  upload_files: UploadFilesTable;
  upload_chunks: UploadChunksTable;
  structures: StructuresTable;
  structure_classes: StructureClassesTable;
  segmentations: SegmentationsTable;
  segments: SegmentsTable;
  mask_revisions: MaskRevisionsTable;
  segmentation_users: SegmentationUsersTable;
  transfer_functions: TransferFunctionsTable;
  notifications: NotificationsTable;
  ai_workers: AiWorkersTable;
  xr_workers: XrWorkersTable;
  xr_sessions: XrSessionsTable;
  api_users: ApiUsersTable;
  api_tokens: ApiTokensTable;
  ai_jobs: AiJobsTable;
  ai_trainings: AiTrainingsTable;
  ai_prompts: AiPromptsTable;
  ai_prompt_versions: AiPromptVersionsTable;
  ai_models: AiModelsTable;
  ai_inference_batches: AiInferenceBatchesTable;
  ai_model_settings: AiModelSettingsTable;
  ai_needs_worker: AiNeedsWorkerTable;
  reviews: ReviewsTable;
  review_events: ReviewEventsTable;
  segmentation_comments: SegmentationCommentsTable;
  dataset_exports: DatasetExportsTable;
  dicomweb_studies: DicomwebStudiesTable;
  dicomweb_instances: DicomwebInstancesTable;
  dimse_calling_aes: DimseCallingAesTable;
  dimse_move_destinations: DimseMoveDestinationsTable;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  data: ColumnType<{ color: string }, string, string>;
  email_verified_at: Timestamp | null;
  is_admin: Generated<boolean>;
  permission_version: Generated<number>;
  preferred_team_id: number | null;
  created_at: Generated<Date>;
}
export type UserRow = Selectable<UsersTable>;

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** Shared by the tokens one sign-in spreads over team sub-domains (handoff); logout revokes them all. */
  session_id: string;
  /** The administrator acting as user_id through /user-switch, if any. */
  impersonator_id: number | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export type OneTimePurpose = 'verify' | 'reset' | 'handoff';
export interface OneTimeTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: OneTimePurpose;
  token_hash: string;
  /** For handoff codes: the auth token row the code carries. */
  auth_token_id: number | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface TeamsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  data: ColumnType<{ color: string }, string, string>;
  created_by: number | null;
  created_at: Generated<Date>;
  /** Whether what arrives by DICOMweb is de-identified (migration 0030); on by default. */
  dicom_anonymize: Generated<boolean>;
}

export interface RolesTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  permissions: ColumnType<string[], string[], string[]>;
  is_default: Generated<boolean>;
  created_at: Generated<Date>;
}
export type RoleRow = Selectable<RolesTable>;

export interface TeamUsersTable {
  team_id: number;
  user_id: number;
  role_id: number;
  created_at: Generated<Date>;
}

export type InvitationStatus = 'pending' | 'accept' | 'decline';
export interface InvitationsTable {
  id: Generated<number>;
  team_id: number;
  email: string;
  role_id: number;
  status: Generated<InvitationStatus>;
  invited_by: number | null;
  created_at: Generated<Date>;
  answered_at: Timestamp | null;
}

export interface ActivityLogsTable {
  id: Generated<number>;
  user_id: number;
  team_id: number | null;
  app: string;
  type: string;
  path: string;
  data: string | null;
  /** The sign-in the event came from (auth_tokens.session_id): one log session per user and sign-in. */
  session_id: string;
  created_at: Generated<Date>;
}

/** Append-only (migration 0029): the database refuses UPDATE, DELETE and TRUNCATE. */
export interface AuditLogsTable {
  id: Generated<number>;
  /** Plain ids, not foreign keys: a record outlives its user and team. */
  actor_id: number | null;
  actor_email: string | null;
  actor_name: string | null;
  api_user_id: number | null;
  impersonator_id: number | null;
  session_id: string | null;
  remote_address: string | null;
  user_agent: string | null;
  team_id: number | null;
  team_slug: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  subject: string | null;
  study_id: number | null;
  outcome: Generated<'success' | 'failure'>;
  data: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';
export interface JobsTable {
  id: string;
  name: string;
  payload: ColumnType<unknown, string, string>;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  run_after: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** Secrets the server makes for itself once and every process shares (such as the study UID hash key). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface ModalitiesTable {
  code: string;
  name: string;
  sort: number;
}

export interface AcquisitionsTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** null: offered for every modality (NONE). */
  modality_code: string | null;
  sort: number;
}

/** The seeded pipelines, templates of the teams' own (migration 0020 renamed them). */
export interface PipelineBlueprintsTable {
  code: string;
  name: string;
  modality_code: string;
  acquisitions: ColumnType<string[], string[], string[]>;
  sort: number;
}

/** Body parts (the spec's categories). */
export interface StructureCategoriesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  sort: number;
}

export interface LabelsTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  color: Generated<string>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type LabelRow = Selectable<LabelsTable>;

/**
 * Status of a study or series as the upload moves it on (upload-and-organize.md section 4): uploading,
 * uploaded, converting, converted (study) / done (series), error, skipped. Plain text so later flows may add.
 */
export type StudyStatus = string;

export interface StudiesTable {
  id: Generated<number>;
  uuid: Generated<string>;
  team_id: number;
  user_id: number | null;
  /** The upload session it came with; no foreign key until uploads have their table. */
  upload_id: number | null;
  /** As stored: remapped when the study is anonymised. */
  study_uid: string;
  /** Keyed hash of the original StudyInstanceUID within the team (duplicate check; see study-uid-hash.ts). */
  original_uid_hash: string;
  status: Generated<StudyStatus>;
  path: string | null;
  has_series: Generated<boolean>;
  structure_category_id: number | null;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type StudyRow = Selectable<StudiesTable>;

export interface SeriesTable {
  id: Generated<number>;
  uuid: Generated<string>;
  study_id: number;
  team_id: number;
  upload_id: number | null;
  series_uid: string;
  series_number: number | null;
  modality_code: string | null;
  acquisition_code: string | null;
  score: number | null;
  /** At most one per study (a partial unique index). */
  ref_serie: Generated<boolean>;
  sort: Generated<number>;
  /** A real enum: a CHECK constraint holds the column to the contract's statuses (migration 0007). */
  status: Generated<SeriesStatus>;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Its stored DICOM is in `dicomweb_instances` (migration 0034; a NIfTI series is flagged with none). */
  dicomweb_indexed: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A team's number of studies, kept by triggers on `studies` (migration 0005). */
export interface TeamStudyCountsTable {
  team_id: number;
  studies: ColumnType<string | number, never, never>;
}

export interface StudyLabelsTable {
  study_id: number;
  label_id: number;
  team_id: number;
  created_at: Generated<Date>;
}

export type PromptStatus = 'pending' | 'done' | 'error' | 'cancelled';
/** One study's acquisition recognition; its uuid is the llmRemoteId the client holds. */
export interface LlmPromptsTable {
  id: Generated<number>;
  uuid: Generated<string>;
  team_id: number;
  user_id: number;
  socket_id: string;
  study_client_id: string;
  modality: string;
  status: Generated<PromptStatus>;
  /** Which recogniser answered. */
  source: 'llm' | 'rules' | null;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
}
export type LlmPromptRow = Selectable<LlmPromptsTable>;
export interface UploadSessionsTable {
  id: Generated<number>;
  /** The id clients see. */
  uuid: string;
  team_id: number;
  user_id: number;
  created_at: Generated<Date>;
  /** The sort of the session's archives (modules/archives): none, sorting, sorted or error. */
  sort_status: Generated<'none' | 'sorting' | 'sorted' | 'error'>;
  /** Sorts started: the job id of each is unique. */
  sort_attempt: Generated<number>;
  sort_error: string | null;
  /** The last call naming the session; an abandoned session expires some time after it. */
  touched_at: Generated<Date>;
  /** When the expired session's raw files were removed; calls naming it then answer 410. */
  expired_at: Date | null;
  /** The sum of its files' declared sizes, added as each file is registered (UPLOAD_MAX_SESSION_BYTES). */
  declared_bytes: Generated<Bigint>;
}
export type UploadSessionRow = Selectable<UploadSessionsTable>;

/** bigint: node-postgres reads it as a string, PGlite as a number; read it through Number(). */
type Bigint = ColumnType<string | number, number, number>;

export interface UploadFilesTable {
  id: Generated<number>;
  session_id: number;
  /** Chosen by the client (path, size and lastModified), unique in the session. */
  client_file_id: string;
  /** The file's relative path in the upload, checked; where it is stored in the session's folder. */
  name: string;
  /** The client's `preview` field, kept as sent for the later steps. */
  preview: string | null;
  size: Bigint;
  chunk_size: number;
  chunk_count: number;
  /** sha256 of the assembled file, set with completed_at. */
  sha256: string | null;
  completed_at: Timestamp | null;
  created_at: Generated<Date>;
}
export type UploadFileRow = Selectable<UploadFilesTable>;

export interface UploadChunksTable {
  file_id: number;
  chunk_index: number;
  size: number;
  /** The chunk's sha256: checked when the client sent one; always for a file of one chunk (the file's). */
  sha256: string | null;
  created_at: Generated<Date>;
}

/** An anatomical structure: global (team_id null; seeded ones read-only) or a team's own. */
export interface StructuresTable {
  id: Generated<number>;
  team_id: number | null;
  slug: string;
  title: string;
  category_id: number | null;
  is_seeded: Generated<boolean>;
  /** The colour a segment of this structure (as a class of a label map) is given; null: none named. */
  color: Generated<string | null>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type StructureRow = Selectable<StructuresTable>;

/** The classes of a multi-class structure (a model's label map): label value -> structure. */
export interface StructureClassesTable {
  structure_id: number;
  value: number;
  class_id: number;
}

export interface SegmentationsTable {
  id: Generated<number>;
  team_id: number;
  study_id: number;
  series_id: number;
  structure_id: number;
  /** Who created it (the spec's "user name"). */
  user_id: number | null;
  rbac_enabled: Generated<boolean>;
  /** The current label-mask revision; null until the mask is created. */
  mask_revision: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type SegmentationRow = Selectable<SegmentationsTable>;

export interface SegmentsTable {
  id: Generated<number>;
  segmentation_id: number;
  team_id: number;
  sort: number;
  title: string;
  color: string;
  /** The NIfTI label value; unique among live segments of a segmentation. */
  value: number;
  visible: Generated<boolean>;
  /** Bumped each time voxels of this value are written; 0 = never painted. */
  revision: Generated<number>;
  obj_revision: Generated<number>;
  obj_valid: Generated<boolean>;
  obj_in_progress: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type SegmentRow = Selectable<SegmentsTable>;

export type MaskRevisionReason = 'create' | 'import' | 'remove-segment' | 'restore' | 'paint';
export interface MaskRevisionsTable {
  id: Generated<number>;
  segmentation_id: number;
  team_id: number;
  revision: number;
  reason: MaskRevisionReason;
  datatype: 'uint8' | 'uint16';
  created_by: number | null;
  created_at: Generated<Date>;
}

/** A user assigned to a role on a (shared) segmentation; role_id is one of the team's roles. */
export interface SegmentationUsersTable {
  id: Generated<number>;
  segmentation_id: number;
  team_id: number;
  user_id: number;
  role_id: number;
  created_at: Generated<Date>;
}

/** Window presets and colour maps: built-in (team_id null) or a team's own (docs/decisions/0038). */
export interface TransferFunctionsTable {
  id: Generated<number>;
  team_id: number | null;
  name: string;
  kind: 'window' | 'colormap';
  modality: string | null;
  window_width: number | null;
  window_center: number | null;
  /** NiiVue's { R, G, B, A, I } arrays; written as JSON text. */
  colormap: ColumnType<
    { R: number[]; G: number[]; B: number[]; A: number[]; I: number[] } | null,
    string | null,
    string | null
  >;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One notification of one user in one team (docs/decisions/0041-notifications.md). */
export interface NotificationsTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  type_code: string;
  model1_id: number | null;
  model2_id: number | null;
  model3_id: number | null;
  section: string | null;
  url: string | null;
  description: string | null;
  is_seen: Generated<0 | 1>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** An AI worker of a team, known by its token's hash (docs/decisions/0045-ai-workers.md). */
export interface AiWorkersTable {
  id: Generated<number>;
  /** Null for a platform worker (the built-in one): it serves every team's jobs. */
  team_id: number | null;
  name: string;
  token_hash: string;
  /** Written as JSON text. */
  runtimes: ColumnType<string[], string | undefined, string>;
  models: ColumnType<string[], string | undefined, string>;
  /** The job kinds it runs: inference only unless it registered as training too. */
  kinds: ColumnType<AiJobKind[], string | undefined, string>;
  capacity: Generated<number>;
  version: string | null;
  last_seen_at: Date | null;
  revoked_at: Date | null;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** A team's immersive viewer (docs/decisions/0062-xr-workers-and-sessions.md). */
export interface XrWorkersTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  token_hash: string;
  device: string | null;
  version: string | null;
  last_seen_at: Date | null;
  revoked_at: Date | null;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** One series shown on one XR worker. */
export interface XrSessionsTable {
  id: Generated<number>;
  team_id: number;
  xr_worker_id: number;
  series_id: number;
  state: Generated<XrSessionState>;
  created_by: number | null;
  created_at: Generated<Date>;
  started_at: Date | null;
  ended_at: Date | null;
}

/** One model run on one series, leased by a worker (docs/decisions/0045-ai-workers.md). */
export interface AiJobsTable {
  id: Generated<number>;
  team_id: number;
  /** What the worker is asked to do (docs/decisions/0052-trainings.md). */
  kind: ColumnType<AiJobKind, AiJobKind | undefined, never>;
  /** The series an inference runs on; null for a training (its set is in ai_trainings). */
  series_id: number | null;
  /** Null once the model is deleted; its code stays. */
  model_id: number | null;
  model_code: string;
  /** The segmentation the result becomes: its structure and segments, fixed when the job is made. */
  structure_id: number;
  segments: ColumnType<{ title: string; value: number }[], string, string>;
  parameters: ColumnType<Record<string, unknown>, string | undefined, string>;
  state: Generated<InferenceState>;
  progress: Generated<number>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  worker_id: number | null;
  lease_expires_at: Date | null;
  trace_id: string;
  log_tail: Generated<string>;
  error: string | null;
  segmentation_id: number | null;
  created_by: number | null;
  created_at: Generated<Date>;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Generated<Date>;
  /** Made by the platform after a conversion (docs/decisions/0047-inference.md). */
  automatic: Generated<boolean>;
  batch_id: number | null;
}

/** A training's set, its curves and the model it made (one row per job of kind 'training'). */
export interface AiTrainingsTable {
  job_id: number;
  segmentation_ids: Json<number[]>;
  metrics: ColumnType<TrainingEpoch[], string | undefined, string>;
  derived_model_id: number | null;
  /** The best checkpoint uploaded so far (decision 0054); its bytes: trainingCheckpointKey(..., 'best'). */
  checkpoint: JsonOrNull<StoredCheckpoint>;
  /** The least best validation Dice it must reach to make a model by itself: its model's, at start (0095). */
  min_val_dice: number | null;
  /** Whether its best checkpoint reached min_val_dice; null until it finishes (and for those before 0095). */
  learned: boolean | null;
}

export interface StoredCheckpoint {
  epoch: number;
  val_dice: number;
  spec: ModelRuntimeSpec;
  size: number;
  sha256: string;
  header: OnnxHeader;
}

/** One model over many studies: an inference per study, and the studies it skipped with why. */
export interface AiInferenceBatchesTable {
  id: Generated<number>;
  team_id: number;
  model_id: number | null;
  model_code: string;
  label_id: number | null;
  created_by: number | null;
  created_at: Generated<Date>;
  skipped: ColumnType<{ uuid: string; name: string; reason: string }[], string | undefined, string>;
}

/** A team's defaults for a model's start, and whether it runs after conversion. */
export interface AiModelSettingsTable {
  team_id: number;
  model_id: number;
  n: number | null;
  mp: ColumnType<Record<string, unknown>, string | undefined, string>;
  automatic: boolean;
  updated_at: Generated<Date>;
}
/** A series not run with an automatic model for want of a worker (migration 0038, decision 0094). */
export interface AiNeedsWorkerTable {
  team_id: number;
  series_id: number;
  model_code: string;
  created_at: Generated<Date>;
}
/** jsonb read as its value and written as JSON text. */
type Json<T> = ColumnType<T, string, string>;
type JsonOrNull<T> = ColumnType<T | null, string | null, string | null>;

/** What the server reads from an ONNX file's header (AiModelFile without size, hash and time). */
export type OnnxHeader = Pick<AiModelFile, 'ir_version' | 'opset' | 'producer' | 'inputs' | 'outputs'>;

/** An AI model: built-in (team_id null) or a team's own (docs/decisions/0043-ai-models.md). */
export interface AiModelsTable {
  id: Generated<number>;
  team_id: number | null;
  name: string;
  code: string;
  description: Generated<string>;
  structure_id: number;
  segments: Json<AiModelSegmentInput[]>;
  parent_id: number | null;
  is_private: Generated<boolean>;
  is_derived: Generated<boolean>;
  runtime: AiModelRuntime;
  modality: string;
  channels: number;
  spacing: Json<[number, number, number]>;
  patch_size: JsonOrNull<[number, number, number]>;
  normalization: JsonOrNull<AiModelNormalization>;
  /** A training of it below this best validation Dice did not learn (decision 0095). */
  min_val_dice: Generated<number>;
  /** How many matching segmentations the trainings page asks for before a start (decision 0095). */
  min_training_segmentations: Generated<number>;
  file_size: Bigint | null;
  file_sha256: string | null;
  file_header: JsonOrNull<OnnxHeader>;
  file_uploaded_at: Timestamp | null;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type AiModelRow = Selectable<AiModelsTable>;
/** A segmentation's review: its current round (docs/decisions/0042-reviews.md). */
export interface ReviewsTable {
  id: Generated<number>;
  team_id: number;
  segmentation_id: number;
  state: ReviewState;
  round: Generated<number>;
  submitted_by: number | null;
  submitted_at: Generated<Date>;
  decided_by: number | null;
  decided_at: Date | null;
  updated_at: Generated<Date>;
}
export type ReviewRow = Selectable<ReviewsTable>;

/** A submission or a decision of a review, in order. */
export interface ReviewEventsTable {
  id: Generated<number>;
  team_id: number;
  review_id: number;
  kind: ReviewEventKind;
  round: number;
  user_id: number | null;
  created_at: Generated<Date>;
}

/** A comment on a segmentation; `mentions` are the user ids its body @mentions. */
export interface SegmentationCommentsTable {
  id: Generated<number>;
  team_id: number;
  segmentation_id: number;
  user_id: number | null;
  body: string;
  mentions: ColumnType<number[], number[] | undefined, number[]>;
  created_at: Generated<Date>;
}

/** A team's pipeline: per required acquisition, the AI model codes to run on its series. */
export interface TeamPipelinesTable {
  id: Generated<number>;
  team_id: number;
  code: string;
  name: string;
  modality_code: string;
  acquisitions: Json<{ code: string; models: string[] }[]>;
  blueprint_code: string | null;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A language-model prompt of a modality and type (migration 0021); `active_version` is the one sent. */
export interface AiPromptsTable {
  id: Generated<number>;
  modality: string;
  type: 'acquisition';
  active_version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A pipeline run on one study, with the pipeline's code and name as they were. */
export interface FlowsTable {
  id: Generated<number>;
  team_id: number;
  study_id: number;
  pipeline_id: number | null;
  pipeline_code: string;
  pipeline_name: string;
  created_at: Generated<Date>;
}

/** One required acquisition of a flow: the series that filled it and the inferences started on it. */
export interface FlowStepsTable {
  id: Generated<number>;
  flow_id: number;
  position: number;
  acquisition_code: string;
  model_codes: Json<string[]>;
  series_id: number | null;
  /** Per model code, the `ai_jobs` row run for it; null when no model of that code was visible. */
  inferences: ColumnType<{ model_code: string; job_id: number | null }[], string | undefined, string>;
}
/** One saved text of a prompt; versions are never changed, an edit adds the next one. */
export interface AiPromptVersionsTable {
  prompt_id: number;
  version: number;
  system_text: string;
  user_text: string;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** A service account of one team with one of its roles (docs/decisions/0058-api-users.md). */
export interface ApiUsersTable {
  id: Generated<number>;
  team_id: number;
  /** Its backing users row: no password, never a member; what it does is attributed to it. */
  user_id: number;
  name: string;
  role_id: number;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** A token of an API user, known by its hash; prefix is its first characters, shown to tell it apart. */
export interface ApiTokensTable {
  id: Generated<number>;
  api_user_id: number;
  name: string;
  prefix: string;
  token_hash: string;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** An nnU-Net dataset export of one team's segmentations of one structure (decision 0063). */
export interface DatasetExportsTable {
  id: Generated<number>;
  team_id: number;
  structure_id: number;
  segmentation_ids: Json<number[]>;
  dataset_id: number;
  name: string;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  cases_total: number;
  cases_done: Generated<number>;
  /** bigint: pg answers it as a string. */
  size: ColumnType<string | number | null, number | null | undefined, number | null>;
  error: string | null;
  created_by: number | null;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
}

/**
 * One DICOM study of a team as a study-level QIDO-RS search sees it, kept from `dicomweb_instances` by
 * triggers (migration 0034): the first stored instance's attributes, the study's counts and modalities.
 */
export interface DicomwebStudiesTable {
  team_id: ColumnType<number, never, never>;
  study_uid: ColumnType<string, never, never>;
  /** The id of its first stored instance: the answer's order, and where its attributes come from. */
  first_instance: ColumnType<string, never, never>;
  instances: ColumnType<number, never, never>;
  series: ColumnType<number, never, never>;
  modalities: ColumnType<string[], never, never>;
  patient_name: ColumnType<string, never, never>;
  patient_id: ColumnType<string, never, never>;
  study_date: ColumnType<string, never, never>;
  accession_number: ColumnType<string, never, never>;
  study_description: ColumnType<string, never, never>;
}

/**
 * One stored DICOM instance as DICOMweb serves it: read from the series' `dicom/` folder (de-identified when
 * the study is anonymised); `attributes` is its DICOM JSON of the QIDO-RS attributes.
 */
export interface DicomwebInstancesTable {
  id: Generated<string>;
  team_id: number;
  study_id: number;
  series_id: number;
  /** Its file's name in the series' `dicom/` folder. */
  file: string;
  study_uid: string;
  series_uid: string;
  sop_uid: string;
  sop_class_uid: string;
  instance_number: number | null;
  patient_name: Generated<string>;
  patient_id: Generated<string>;
  study_date: Generated<string>;
  accession_number: Generated<string>;
  study_description: Generated<string>;
  modality: Generated<string>;
  series_number: number | null;
  attributes: ColumnType<Record<string, unknown>, string, string>;
}

/** A calling AE title the team takes C-STORE from (migration 0032); none listed: every caller. */
export interface DimseCallingAesTable {
  team_id: number;
  ae_title: string;
}

export interface DimseMoveDestinationsTable {
  team_id: number;
  ae_title: string;
  host: string;
  port: number;
}
