import { z } from 'zod';
import { Id, Timestamp } from './common';
import { STUDIES_PAGE_SIZE, UPLOAD_HISTORY_PAGE_SIZE } from './constants';
import { endpoint } from './endpoint';
import { Label } from './labels';
import type { Permission } from './permissions';

/** A DICOM UID: digits and dots, at most 64 characters. */
export const DicomUid = z.string().regex(/^[0-9.]{1,64}$/, 'Not a DICOM UID.');

/** Frames of a series' cached slideshow, evenly spaced through its first volume (docs/decisions/0019). */
export const SLIDESHOW_FRAMES = 5;

/** Favourite studies a browser may ask about at once. */
export const FAVORITES_MAX = 200;

/** `?page=`: 1 and up; 0, a negative or a non-number answers 422; beyond the last page, an empty page. */
export const Page = z.coerce.number().int().positive().max(1_000_000).default(1);

/** One page of a list (teams-and-account.md 7.4): the rows, how many in all, the page size, the page. */
export function paged<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    total: z.number().int(),
    per_page: z.number().int(),
    current_page: z.number().int(),
  });
}
export interface Paged<T> {
  data: T[];
  total: number;
  per_page: number;
  current_page: number;
}

/** A segmentation of a study as the list counts it (section 3); none exist until segmentations land. */
export const StudySegmentationCount = z.object({
  id: Id,
  parent_id: Id.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  item_count: z.number().int(),
});

/** A row of the studies list (teams-and-account.md section 3, Study (list item)). */
export const StudyListItem = z.object({
  id: Id,
  uuid: z.string().uuid(),
  /** The encoded id (`POST /study/uuid` resolves it). */
  study_id: z.string(),
  status: z.string(),
  upload_id: Id.nullable(),
  /** Patient name as stored: the team pseudonym when the study was anonymised. */
  data: z.object({ patientName: z.string(), modality: z.string().nullable() }),
  created_at: Timestamp,
  updated_at: Timestamp,
  labels: z.array(Label),
  /** URLs (under /api) of the preview frames of the study's reference series, else its first converted one. */
  cachedSlideshow: z.array(z.string()),
  segmentations: z.array(StudySegmentationCount),
  series_count: z.number().int(),
});
export type StudyListItem = z.infer<typeof StudyListItem>;

/** The dcm2niix build that converted a series and the version its banner printed (decision 0087). */
export const SeriesConverter = z.object({
  build: z.enum(['native', 'wasm']),
  version: z.string().nullable(),
});
export type SeriesConverter = z.infer<typeof SeriesConverter>;

/** A series at list level (section 3): ref_serie is true or absent. */
export const SeriesListItem = z.object({
  id: Id,
  uuid: z.string().uuid(),
  study_id: Id,
  series_number: z.number().int().nullable(),
  acquisition_code: z.string().nullable(),
  score: z.number().nullable(),
  ref_serie: z.literal(true).optional(),
  sort: z.number().int(),
  modality_code: z.string().nullable(),
  status: z.string(),
  /** URLs (under /api) of its cached preview frames; empty until converted. */
  slideshow: z.array(z.string()),
  /** What dcm2niix warned of when it converted the series (its output may need a look); absent if none. */
  warnings: z.array(z.string()).optional(),
  /** Which dcm2niix converted it, shown beside its warnings; absent for NIfTI uploads and older rows. */
  converter: SeriesConverter.optional(),
});
export type SeriesListItem = z.infer<typeof SeriesListItem>;

/** An upload batch (session) in the upload history. */
export const UploadBatch = z.object({
  id: Id,
  uuid: z.string(),
  created_at: Timestamp,
  user: z.object({ id: Id, name: z.string() }).nullable(),
  studies: z.number().int(),
  series: z.number().int(),
});
export type UploadBatch = z.infer<typeof UploadBatch>;

/** Reading studies: the studies list (r:studies) and the organize panel (r:studies:detail). */
export const READ_STUDIES: readonly Permission[] = ['r:studies', 'r:studies:detail'];

export const studies = {
  check: endpoint({
    method: 'GET',
    path: '/studies/:studyInstanceUid/check',
    scope: 'team',
    permissions: ['r:upload'],
    summary: 'Whether a study with this (original) StudyInstanceUID was already uploaded to the team',
    params: z.strictObject({ studyInstanceUid: DicomUid }),
    response: z.boolean(),
  }),
  list: endpoint({
    method: 'GET',
    path: '/studies-v2',
    scope: 'team',
    permissions: ['r:studies'],
    summary:
      `The team's studies, newest first, ${STUDIES_PAGE_SIZE} a page; bupload_id keeps one upload batch, ` +
      'filter_id the studies carrying that label (docs/decisions/0019). A foreign batch or label answers 404',
    query: z.strictObject({ page: Page, bupload_id: Id.optional(), filter_id: Id.optional() }),
    response: paged(StudyListItem),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/studies-v2/:studyId',
    scope: 'team',
    anyPermission: READ_STUDIES,
    summary: 'One study as a list row',
    params: z.strictObject({ studyId: Id }),
    response: StudyListItem,
  }),
  series: endpoint({
    method: 'GET',
    path: '/studies-v2/series/:studyId',
    scope: 'team',
    anyPermission: READ_STUDIES,
    summary: 'The series of study {studyId}, by acquisition code, sort, series number',
    params: z.strictObject({ studyId: Id }),
    response: z.array(SeriesListItem),
  }),
  slideshowFrame: endpoint({
    method: 'GET',
    path: '/studies-v2/slideshow/:seriesUuid/:frame',
    scope: 'team',
    anyPermission: READ_STUDIES,
    summary:
      'One PNG frame of a series’ cached slideshow, made once after conversion; immutable (ETag, ' +
      'Cache-Control), If-None-Match answers 304',
    params: z.strictObject({
      seriesUuid: z.string().uuid(),
      frame: z.coerce
        .number()
        .int()
        .min(0)
        .max(SLIDESHOW_FRAMES - 1),
    }),
    /** The frames' version, from the list's URLs: a new slideshow gets new URLs, so each may be cached for good. */
    query: z.strictObject({ v: z.string().max(32).optional() }),
    response: null,
    binary: 'image/png',
  }),
  uuid: endpoint({
    method: 'POST',
    path: '/study/uuid',
    scope: 'team',
    anyPermission: READ_STUDIES,
    summary: 'The uuid of the study an encoded id (a list row’s study_id) names',
    body: z.strictObject({ p: z.string().min(1).max(64) }),
    response: z.object({ uuid: z.string().uuid() }),
  }),
  favorites: endpoint({
    method: 'POST',
    path: '/studies-v2/favorites',
    scope: 'team',
    permissions: ['r:studies'],
    summary:
      'The list rows of the favourite studies the browser keeps (uuids, key `favorite`), in that order; ' +
      'uuids the team does not hold are left out (one browser keeps favourites of every team)',
    body: z.strictObject({ uuids: z.array(z.string().uuid()).max(FAVORITES_MAX) }),
    response: z.array(StudyListItem),
  }),
  uploads: endpoint({
    method: 'GET',
    path: '/uploads',
    scope: 'team',
    permissions: ['admin'],
    summary: `Upload history of the team (administrators), newest first, ${UPLOAD_HISTORY_PAGE_SIZE} a page`,
    query: z.strictObject({ page: Page }),
    response: paged(UploadBatch),
  }),
};
