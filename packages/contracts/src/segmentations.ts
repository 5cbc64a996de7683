import { z } from 'zod';
import { Color, Id, Timestamp } from './common';
import { endpoint } from './endpoint';
import type { Permission } from './permissions';
import { StructureCategoryRef } from './structures';

/**
 * The palette new segments take their colour from, cycled by the number of segments
 * (teams-and-account.md 5: "a palette of 13 colours"; the colours are ours, chosen to stay apart).
 */
export const SEGMENT_PALETTE = [
  '#e6194b',
  '#3cb44b',
  '#ffe119',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#46f0f0',
  '#f032e6',
  '#bcf60c',
  '#fabebe',
  '#008080',
  '#e6beff',
  '#9a6324',
] as const;

/** The largest label value a mask can hold (uint16); uint8 while every value is at most 255. */
export const SEGMENT_VALUE_MAX = 65_535;
export const SEGMENT_TITLE_MAX = 128;

/** teams-and-account.md 3, Segment. `value` is the NIfTI label value. */
export const Segment = z.object({
  id: Id,
  sort: z.number().int(),
  title: z.string(),
  segmentation_id: Id,
  color: Color,
  value: z.number().int(),
  visible: z.boolean(),
  revision: z.number().int(),
  obj_revision: z.number().int(),
  obj_valid: z.boolean(),
  obj_in_progress: z.boolean(),
  deleted_at: Timestamp.nullable(),
});
export type Segment = z.infer<typeof Segment>;

/** A user assigned to a role on a segmentation (teams-and-account.md 3, Segmentation user). */
export const SegmentationUser = z.object({
  id: Id,
  segmentation_id: Id,
  user_id: Id,
  role_id: Id,
  name: z.string(),
  email: z.string(),
});
export type SegmentationUser = z.infer<typeof SegmentationUser>;

/** What the caller may do with one segmentation (docs/decisions/0030-segmentation-access.md). */
export const SegmentationAccess = z.object({
  /** Change segments and the mask. */
  edit: z.boolean(),
  review: z.boolean(),
  /** Delete the segmentation. */
  delete: z.boolean(),
  /** Assign and unassign users. */
  assign: z.boolean(),
});
export type SegmentationAccess = z.infer<typeof SegmentationAccess>;

/** teams-and-account.md 3, Segmentation: roles are keyed by role id, each holding its assigned users. */
export const Segmentation = z.object({
  id: Id,
  study_id: Id,
  series_id: Id,
  series_uuid: z.string().uuid(),
  structure: z.object({ title: z.string(), slug: z.string(), category: StructureCategoryRef.nullable() }),
  /** Who created it. */
  user_name: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  rbac_enabled: z.boolean(),
  /** The current mask revision; null until the mask is created. */
  mask_revision: z.number().int().nullable(),
  /** Live segments by sort (soft-deleted ones are left out). */
  segments: z.array(Segment),
  roles: z.record(z.string(), z.array(SegmentationUser)),
  can: SegmentationAccess,
  /**
   * Who may review it (docs/decisions/0093): the names of the members holding r:reviews, alphabetical, its
   * author left out (the pending round's submitter, else the caller when they may submit it).
   */
  reviewers: z.array(z.string()),
  /** Why nobody can review it, when `reviewers` is empty (what submitting it would answer); null otherwise. */
  nobody_reviews: z.string().nullable(),
});
export type Segmentation = z.infer<typeof Segmentation>;

/** A row of the team's segmentations page: the segmentation with where it lives. */
export const SegmentationListItem = Segmentation.extend({
  study_uuid: z.string().uuid(),
  patient_name: z.string(),
  series_number: z.number().int().nullable(),
  series_description: z.string().nullable(),
  modality_code: z.string().nullable(),
});
export type SegmentationListItem = z.infer<typeof SegmentationListItem>;

/** One segmentation with where it lives and its soft-deleted segments too (the /segments page). */
export const SegmentationDetail = SegmentationListItem.extend({ deleted_segments: z.array(Segment) });
export type SegmentationDetail = z.infer<typeof SegmentationDetail>;

export const MaskRevision = z.object({
  revision: z.number().int(),
  reason: z.enum(['create', 'import', 'remove-segment', 'restore', 'paint']),
  datatype: z.enum(['uint8', 'uint16']),
  created_at: Timestamp,
  /** Who wrote it; null once that user is gone. */
  created_by_name: z.string().nullable(),
});
export type MaskRevision = z.infer<typeof MaskRevision>;

export const AssignableRole = z.object({ id: Id, name: z.string() });
export type AssignableRole = z.infer<typeof AssignableRole>;
export const AvailableUser = z.object({ id: Id, name: z.string(), email: z.string() });
export type AvailableUser = z.infer<typeof AvailableUser>;

/** Reading segmentations: the segmentation pages and the organize view. */
const READ: readonly Permission[] = ['r:segmentations', 'r:studies:detail', 'r:reviews'];

const SeriesParams = z.strictObject({ uuid: z.string().uuid() });
const SegmentationParams = z.strictObject({ uuid: z.string().uuid(), segmentationId: Id });
const SegmentParams = SegmentationParams.extend({ segmentId: Id });
const SegmentTitle = z.string().trim().min(1).max(SEGMENT_TITLE_MAX);
/** rbac comes as 1/0 (the spec's rbac=1) or a boolean; in a query string as '1'/'0' or 'true'/'false'. */
const Flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const segmentations = {
  assignableRoles: endpoint({
    method: 'GET',
    path: '/roles/assignable-users',
    scope: 'team',
    anyPermission: READ,
    summary:
      'The team’s roles a user may be assigned to on a segmentation (those that may change or review one)',
    response: z.array(AssignableRole),
  }),
  assignedToSeries: endpoint({
    method: 'GET',
    path: '/segmentations/assigned-users-to-serie/:uuid',
    scope: 'team',
    anyPermission: READ,
    summary: 'Every role assignment on the segmentations of a series',
    params: SeriesParams,
    response: z.array(SegmentationUser),
  }),
  availableUsers: endpoint({
    method: 'GET',
    path: '/segmentations/available-users/:team_id/:serie_id/:segmentation_id/:role_id',
    scope: 'team',
    anyPermission: READ,
    summary: 'Team users who hold the role and are not yet assigned to it on the segmentation',
    params: z.strictObject({ team_id: Id, serie_id: Id, segmentation_id: Id, role_id: Id }),
    response: z.array(AvailableUser),
  }),
  addUser: endpoint({
    method: 'POST',
    path: '/segmentations/add-user-to-segmentation',
    scope: 'team',
    anyPermission: READ,
    summary: 'Assign a team user to a role on a shared segmentation (the user must hold the role)',
    body: z.strictObject({ segmentation_id: Id, user_id: Id, role_id: Id }),
    response: SegmentationUser,
    status: 201,
  }),
  removeUser: endpoint({
    method: 'DELETE',
    path: '/segmentations/unassign-user-from-segmentation/:segmentationId/:userId/:roleId',
    scope: 'team',
    anyPermission: READ,
    summary: 'Remove a user from a role on a segmentation',
    params: z.strictObject({ segmentationId: Id, userId: Id, roleId: Id }),
    response: null,
    status: 204,
  }),
  list: endpoint({
    method: 'GET',
    path: '/segmentations',
    scope: 'team',
    permissions: ['r:segmentations'],
    summary:
      'Every segmentation of the team, newest first; filter by structure and by the caller’s assignments',
    query: z.strictObject({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      structure: z.string().trim().max(64).optional(),
      assigned: Flag.optional(),
    }),
    response: z.object({
      data: z.array(SegmentationListItem),
      total: z.number().int(),
      per_page: z.number().int(),
      current_page: z.number().int(),
    }),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/segmentations/:segmentationId',
    scope: 'team',
    anyPermission: READ,
    summary: 'One segmentation by id, with where it lives and its deleted segments',
    params: z.strictObject({ segmentationId: Id }),
    response: SegmentationDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/annotator/segmentations/:uuid',
    scope: 'team',
    permissions: ['r:segmentations'],
    summary: 'Create a segmentation of a converted series for a structure (slug); rbac=1 makes it shared',
    params: SeriesParams,
    body: z.strictObject({ structure: z.string().trim().min(1).max(64), rbac: Flag.optional() }),
    response: Segmentation,
    status: 201,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/annotator/segmentations/:uuid/:segmentationId',
    scope: 'team',
    permissions: ['r:segmentations'],
    summary: 'Delete a segmentation with its segments, assignments and mask files',
    params: SegmentationParams,
    response: null,
    status: 204,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/annotator/segmentations/:uuid/:segmentationId/accept',
    scope: 'team',
    permissions: ['r:segmentations'],
    summary:
      'Accept a segmentation the caller may read (an AI result) as a new one of their own: its segments and its current mask, copied',
    params: SegmentationParams,
    body: z.strictObject({ rbac: Flag.optional() }),
    response: Segmentation,
    status: 201,
  }),
  createSegment: endpoint({
    method: 'POST',
    path: '/annotator/segment/create/:uuid/:segmentationId',
    scope: 'team',
    anyPermission: READ,
    summary:
      "Add a segment: title 'Part N' (N = highest sort + 1) unless given, value = sort, colour from the palette",
    params: SegmentationParams,
    body: z.strictObject({ title: SegmentTitle.optional(), color: Color.optional() }).nullish(),
    response: Segment,
    status: 201,
  }),
  deleteSegment: endpoint({
    method: 'PUT',
    path: '/annotator/segment/delete/:uuid/:segmentationId/:segmentId',
    scope: 'team',
    anyPermission: READ,
    summary: 'Soft-delete a segment (deleted_at set); its voxels leave the mask through remove-segment',
    params: SegmentParams,
    response: Segment,
  }),
  renameSegment: endpoint({
    method: 'PUT',
    path: '/annotator/segment/rename/:uuid/:segmentationId/:segmentId',
    scope: 'team',
    anyPermission: READ,
    summary: 'Rename a segment',
    params: SegmentParams,
    body: z.strictObject({ name: SegmentTitle }),
    response: Segment,
  }),
  recolorSegment: endpoint({
    method: 'PUT',
    path: '/annotator/segment/change-color/:uuid/:segmentationId/:segmentId',
    scope: 'team',
    anyPermission: READ,
    summary: 'Change a segment’s colour',
    params: SegmentParams,
    body: z.strictObject({ color: Color }),
    response: Segment,
  }),
};

/** Label masks, on the services host (/svc). */
export const masks = {
  create: endpoint({
    method: 'POST',
    path: '/v2/create-mask/:uuid/:segmentationId',
    host: 'services',
    scope: 'team',
    anyPermission: READ,
    summary:
      'Write the empty label mask on the series’ voxel grid (dims, pixdim, qform, sform of its NIfTI) as revision 1',
    params: SegmentationParams,
    response: MaskRevision,
    status: 201,
  }),
  removeSegment: endpoint({
    method: 'PUT',
    path: '/v2/mask/remove-segment/:uuid/:segmentationId/:value',
    host: 'services',
    scope: 'team',
    anyPermission: READ,
    summary:
      'Set every voxel of a label value to 0, written as a new mask revision (the previous one is kept)',
    params: SegmentationParams.extend({ value: z.coerce.number().int().min(1).max(SEGMENT_VALUE_MAX) }),
    response: MaskRevision,
  }),
  revisions: endpoint({
    method: 'GET',
    path: '/v2/mask/revisions/:uuid/:segmentationId',
    host: 'services',
    scope: 'team',
    anyPermission: READ,
    summary: 'The kept revisions of a segmentation’s mask, newest first',
    params: SegmentationParams,
    response: z.array(MaskRevision),
  }),
  download: endpoint({
    method: 'GET',
    path: '/v2/mask/:uuid/:segmentationId',
    host: 'services',
    scope: 'team',
    anyPermission: READ,
    summary: 'The mask as a gzipped NIfTI-1 file: the current revision, or the one asked for',
    params: SegmentationParams,
    query: z.strictObject({ revision: z.coerce.number().int().min(1).optional() }),
    response: null,
    binary: 'application/octet-stream',
  }),
  restore: endpoint({
    method: 'PUT',
    path: '/v2/mask/restore/:uuid/:segmentationId/:revision',
    host: 'services',
    scope: 'team',
    anyPermission: READ,
    summary: 'Write a kept revision again as the newest one',
    params: SegmentationParams.extend({ revision: z.coerce.number().int().min(1) }),
    response: MaskRevision,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/v2/mask/save/:uuid/:segmentationId',
    host: 'services',
    scope: 'team',
    anyPermission: READ,
    summary:
      'Save a painted mask (.nii or .nii.gz bytes on the series’ grid, values of live segments only) as a ' +
      'new revision; the segments it holds take that revision. 409 when `base` is no longer the current ' +
      'revision (errors.revision: the current one): reload, or save again with that base to overwrite',
    params: SegmentationParams,
    query: z.strictObject({ base: z.coerce.number().int().min(1) }),
    rawBody: 'application/octet-stream',
    response: MaskRevision,
  }),
  exportSeg: endpoint({
    method: 'GET',
    path: '/v2/mask/seg/:uuid/:segmentationId',
    host: 'services',
    scope: 'team',
    anyPermission: READ,
    summary:
      'The mask as a binary DICOM SEG over the series’ stored DICOM instances (its segments’ labels and ' +
      'colours): the current revision, or the one asked for. 409 when the series’ instances do not lie on its grid',
    params: SegmentationParams,
    query: z.strictObject({ revision: z.coerce.number().int().min(1).optional() }),
    response: null,
    binary: 'application/dicom',
  }),
  importSeg: endpoint({
    method: 'POST',
    path: '/v2/import-seg/:uuid',
    host: 'services',
    scope: 'team',
    permissions: ['r:segmentations'],
    summary:
      'Import a binary DICOM SEG drawn on the series’ instances as a new segmentation: one segment per SEG ' +
      'segment (label, colour; a label naming a class of the structure takes its value). 422 for a SEG ' +
      'of another series, with overlapping segments, or not a binary SEG',
    params: SeriesParams,
    query: z.strictObject({ structure: z.string().trim().min(1).max(64), rbac: Flag.optional() }),
    rawBody: 'application/dicom',
    response: Segmentation,
    status: 201,
  }),
  import: endpoint({
    method: 'POST',
    path: '/v2/import-mask/:uuid',
    host: 'services',
    scope: 'team',
    permissions: ['r:segmentations'],
    summary:
      'Import a NIfTI label map (.nii or .nii.gz bytes) on the series’ grid as a new segmentation: one segment per label present',
    params: SeriesParams,
    query: z.strictObject({ structure: z.string().trim().min(1).max(64), rbac: Flag.optional() }),
    rawBody: 'application/octet-stream',
    response: Segmentation,
    status: 201,
  }),
};
