import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';
import { Label } from './labels';
import { Segmentation } from './segmentations';
import { SeriesListItem, StudyListItem, StudySegmentationCount } from './studies';

/** A series in the organize view: the list fields plus what was kept of its headers and its NIfTI outputs. */
export const OrganizeSeries = SeriesListItem.extend({
  data: z.record(z.string(), z.unknown()),
  /** Sub-series uuids of the converted NIfTI volumes (`{series uuid}-NNN`). */
  nifti: z.array(z.string()),
});
export type OrganizeSeries = z.infer<typeof OrganizeSeries>;

/** Study detail (organize), upload-and-organize.md section 3. */
export const OrganizeStudy = z.object({
  id: Id,
  uuid: z.string().uuid(),
  study_id: z.string(),
  study_uid: z.string(),
  team_id: Id,
  user_id: Id.nullable(),
  upload_id: Id.nullable(),
  status: z.string(),
  path: z.string().nullable(),
  has_series: z.boolean(),
  structure_category_id: Id.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** What was kept of the study's headers, with `series`: each series' kept headers and its ids. */
  data: z.record(z.string(), z.unknown()),
  labels: z.array(Label),
  segmentations: z.array(StudySegmentationCount),
  /** Another study of the team was uploaded from the same original study (the duplicate badge). */
  duplicate: z.boolean(),
});
export type OrganizeStudy = z.infer<typeof OrganizeStudy>;

const UuidParams = z.strictObject({ uuid: z.string().uuid() });
const StudyIdParams = z.strictObject({ studyId: Id });
export const STUDY_NAME_MAX = 256;

export const organize = {
  study: endpoint({
    method: 'GET',
    path: '/annotator/studies/:uuid',
    scope: 'team',
    permissions: ['r:studies:detail'],
    summary: 'A study for the organize view: the study (segmentations, data.series), its series, structures',
    params: UuidParams,
    response: z.object({
      study: OrganizeStudy,
      series: z.array(OrganizeSeries),
      /** Every segmentation of the study's series, with its segments, role boxes and what the caller may do. */
      segmentations: z.array(Segmentation),
      /** The structures the team may segment: the global catalogue and its own. */
      structures: z.array(z.object({ title: z.string(), slug: z.string(), category_id: Id.nullable() })),
    }),
  }),
  changeSort: endpoint({
    method: 'PUT',
    path: '/studies-v2/change-sort-for-acquisition',
    scope: 'team',
    permissions: ['r:studies:detail'],
    summary:
      'New sort values within one acquisition code of one study. The changes must leave the group’s sorts ' +
      'distinct; a single change is taken as a move (the series between shift by one, duplicates renumbered ' +
      'from 1 first). Answers the group in its new order',
    body: z.strictObject({
      series: z
        .array(z.strictObject({ id: Id, sort: z.number().int().min(0).max(1_000_000) }))
        .min(1)
        .max(5000),
      acquisitionCode: z.string().min(1).max(32).nullable(),
    }),
    response: z.array(SeriesListItem),
  }),
  setReference: endpoint({
    method: 'PUT',
    path: '/studies-v2/:studyId/reference-series',
    scope: 'team',
    permissions: ['r:studies:detail'],
    summary:
      'Make one series the study’s only reference series (serie_id null: none). Answers the study’s series',
    params: StudyIdParams,
    body: z.strictObject({ serie_id: Id.nullable() }),
    response: z.array(SeriesListItem),
  }),
  moveSeries: endpoint({
    method: 'PUT',
    path: '/studies-v2/series/move',
    scope: 'team',
    permissions: ['r:studies:detail'],
    summary:
      'Move series to another study of the team: their acquisition codes become NONE (score 0), a moved ' +
      'reference is cleared, they sort after the target’s series. Answers the target study’s series',
    body: z.strictObject({ series: z.array(Id).min(1).max(5000), study_id: Id }),
    response: z.array(SeriesListItem),
  }),
  rename: endpoint({
    method: 'PUT',
    path: '/studies-v2/:studyId/name',
    scope: 'team',
    permissions: ['r:studies:detail'],
    summary: 'Rename a study (its shown patient name); the study is marked changed by hand (dirty)',
    params: StudyIdParams,
    body: z.strictObject({ name: z.string().trim().min(1).max(STUDY_NAME_MAX) }),
    response: StudyListItem,
  }),
};
