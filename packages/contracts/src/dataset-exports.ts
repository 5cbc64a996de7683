import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';

/**
 * Research dataset exports, the page /admin/masterarbeit (issue 17 item 4; docs/decisions/0063): an
 * administrator exports one team's anonymised studies with their segmentations of one structure as an
 * nnU-Net v2 raw dataset (`DatasetNNN_Name/imagesTr`, `labelsTr`, `dataset.json`), zipped by a background
 * job that reports its progress over the socket. Administrators only (scope admin), any team by its id.
 */

export const DATASET_EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const DatasetExportState = z.enum(DATASET_EXPORT_STATES);
export type DatasetExportState = z.infer<typeof DatasetExportState>;

/** nnU-Net's dataset ids are three digits; its docs ask custom datasets to stay clear of the low ones. */
export const DATASET_ID_MIN = 1;
export const DATASET_ID_MAX = 999;
export const DATASET_ID_DEFAULT = 500;
/** Cases one export holds at most. */
export const DATASET_CASES_MAX = 500;

export const NOT_ANONYMISED = 'Only anonymised studies can be exported.';
export const NO_MASK = 'Only segmentations with a mask can be exported.';
export const MIXED_MODALITIES = 'The cases of one dataset must share one modality.';
export const WRONG_STRUCTURE = 'Every segmentation must be of the chosen structure.';
export const EXPORT_NOT_DONE = 'This export is not ready yet.';

/** The dataset's name in `DatasetNNN_Name`: letters and digits only, so it is one path segment anywhere. */
export const DatasetName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, 'Letters and digits, starting with a letter, at most 40.');

export const TeamIdParams = z.strictObject({ teamId: Id });

/** A structure that segmentations of the team use, with how many have a mask and how many can be exported. */
export const DatasetStructure = z.object({
  id: Id,
  slug: z.string(),
  title: z.string(),
  with_mask: z.number().int(),
  exportable: z.number().int(),
});
export type DatasetStructure = z.infer<typeof DatasetStructure>;

/** One segmentation with a mask of the chosen structure: a case of a dataset, when its study is anonymised. */
export const DatasetCandidate = z.object({
  segmentation_id: Id,
  study: z.object({ uuid: z.string().uuid(), name: z.string() }),
  series: z.object({ uuid: z.string().uuid(), number: z.number().int().nullable() }),
  modality: z.string().nullable(),
  segments: z.array(z.string()),
  anonymised: z.boolean(),
});
export type DatasetCandidate = z.infer<typeof DatasetCandidate>;

export const CreateDatasetExport = z.strictObject({
  team_id: Id,
  structure_id: Id,
  segmentation_ids: z.array(Id).min(1).max(DATASET_CASES_MAX),
  dataset_id: z.number().int().min(DATASET_ID_MIN).max(DATASET_ID_MAX),
  name: DatasetName,
});
export type CreateDatasetExport = z.infer<typeof CreateDatasetExport>;

export const DatasetExport = z.object({
  id: Id,
  team: z.object({ id: Id, slug: z.string(), title: z.string() }),
  structure: z.object({ id: Id, title: z.string() }),
  /** `DatasetNNN_Name`, the zip's top folder. */
  folder: z.string(),
  state: DatasetExportState,
  cases_total: z.number().int(),
  cases_done: z.number().int(),
  /** The zip's size in bytes once done. */
  size: z.number().int().nullable(),
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
});
export type DatasetExport = z.infer<typeof DatasetExport>;

/** Socket event to the export's author: ids and counts; the page refetches the list. */
export const DatasetExportProgress = z.object({
  id: Id,
  state: DatasetExportState,
  cases_done: z.number().int(),
  cases_total: z.number().int(),
});
export type DatasetExportProgress = z.infer<typeof DatasetExportProgress>;

const ExportIdParams = z.strictObject({ exportId: Id });

export const datasetExports = {
  structures: endpoint({
    method: 'GET',
    path: '/admin/masterarbeit/teams/:teamId/structures',
    scope: 'admin',
    summary: 'The structures a team’s segmentations with a mask use, with how many can be exported',
    params: TeamIdParams,
    response: z.array(DatasetStructure),
  }),
  candidates: endpoint({
    method: 'GET',
    path: '/admin/masterarbeit/teams/:teamId/candidates',
    scope: 'admin',
    summary: 'A team’s segmentations with a mask of one structure, marked anonymised or not',
    params: TeamIdParams,
    query: z.strictObject({ structure_id: Id }),
    response: z.array(DatasetCandidate),
  }),
  list: endpoint({
    method: 'GET',
    path: '/admin/masterarbeit/exports',
    scope: 'admin',
    summary: 'Every dataset export, newest first',
    response: z.array(DatasetExport),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/masterarbeit/exports',
    scope: 'admin',
    summary: 'Queue the nnU-Net dataset export of a team’s anonymised segmentations of one structure',
    body: CreateDatasetExport,
    response: DatasetExport,
    status: 202,
  }),
  download: endpoint({
    method: 'GET',
    path: '/admin/masterarbeit/exports/:exportId/download',
    scope: 'admin',
    summary: 'The zip of a finished export; recorded in the audit log',
    params: ExportIdParams,
    response: null,
    binary: 'application/zip',
  }),
};
