import {
  STUDIES_PAGE_SIZE,
  UPLOAD_HISTORY_PAGE_SIZE,
  type Label,
  type Paged,
  type StudyListItem,
  type UploadBatch,
} from '@voxa/contracts';
import { sql } from 'kysely';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { iso } from '../common/time';
import { findLabel } from '../labels/service';
import { pageWindow, type PageWindow } from './page-window';
import { presentStudy, slideshowUrls, type SegmentationCountRow, type SeriesRowForList } from './present';

export interface StudiesFilter {
  page: number;
  /** An upload batch (session id) of the team. */
  bupload_id?: number | undefined;
  /** A label of the team (docs/decisions/0019). */
  filter_id?: number | undefined;
}

/** The first page is read from the start whatever the total: it needs no count first. */
const FIRST_PAGE: PageWindow = { fromEnd: false, offset: 0, limit: STUDIES_PAGE_SIZE };

/** The team's studies the filter keeps (no columns chosen yet). */
function filteredStudies(db: Db, teamId: number, filter: StudiesFilter) {
  let base = db.selectFrom('studies').where('studies.team_id', '=', teamId);
  if (filter.bupload_id !== undefined) base = base.where('studies.upload_id', '=', filter.bupload_id);
  if (filter.filter_id !== undefined) {
    const labelId = filter.filter_id;
    base = base.where('studies.id', 'in', (eb) =>
      eb
        .selectFrom('study_labels')
        .select('study_labels.study_id')
        .where('study_labels.label_id', '=', labelId),
    );
  }
  return base;
}

/**
 * How many studies the list holds: the team's kept count when unfiltered, the label's rows when only a
 * label filters (the label is known to be the team's), else a count of the filtered studies.
 */
export function studiesCountQuery(db: Db, teamId: number, filter: StudiesFilter) {
  if (filter.bupload_id === undefined && filter.filter_id === undefined)
    return db
      .selectFrom('team_study_counts')
      .select('team_study_counts.studies as n')
      .where('team_study_counts.team_id', '=', teamId);
  if (filter.bupload_id === undefined && filter.filter_id !== undefined)
    return db
      .selectFrom('study_labels')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('study_labels.label_id', '=', filter.filter_id)
      .where('study_labels.team_id', '=', teamId);
  return filteredStudies(db, teamId, filter).select((eb) => eb.fn.countAll<string | number>().as('n'));
}

/**
 * List rows of the team's studies with their labels, slideshow (the reference series' frames, else those
 * of the first converted series with frames) and series count, each read through an index by study id.
 */
function listedStudies(db: Db, teamId: number) {
  return db
    .selectFrom('studies')
    .select([
      'studies.id',
      'studies.uuid',
      'studies.status',
      'studies.upload_id',
      'studies.data',
      'studies.created_at',
      'studies.updated_at',
      sql<Label[] | null>`(
        SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color)
                        ORDER BY lower(l.name), l.id)
        FROM study_labels sl JOIN labels l ON l.id = sl.label_id
        WHERE sl.study_id = studies.id AND sl.team_id = ${teamId})`.as('labels'),
      // The same condition as the partial index series_study_slideshow (migration 0008) reads.
      sql<Pick<SeriesRowForList, 'uuid' | 'data'> | null>`(
        SELECT json_build_object('uuid', se.uuid, 'data', json_build_object(
                 'slideshow', se.data->'slideshow', 'slideshowVersion', se.data->'slideshowVersion'))
        FROM series se
        WHERE se.study_id = studies.id AND se.status = 'done'
          AND coalesce((se.data->>'slideshow')::int, 0) > 0
        ORDER BY se.ref_serie DESC, se.sort, se.id
        LIMIT 1)`.as('slideshow'),
      sql<string | number>`(SELECT count(*) FROM series se WHERE se.study_id = studies.id)`.as(
        'series_count',
      ),
      // Each segmentation with its live segments counted (teams-and-account.md 3): still one query a page.
      sql<SegmentationCountRow[] | null>`(
        SELECT json_agg(json_build_object(
                 'id', sg.id, 'parent_id', sg.series_id, 'created_at', sg.created_at,
                 'updated_at', sg.updated_at,
                 'item_count', (SELECT count(*) FROM segments sm
                                WHERE sm.segmentation_id = sg.id AND sm.deleted_at IS NULL))
               ORDER BY sg.created_at, sg.id)
        FROM segmentations sg
        WHERE sg.study_id = studies.id)`.as('segmentations'),
    ])
    .where('studies.team_id', '=', teamId);
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof listedStudies>['execute']>>[number];

function presentListed(row: ListedRow): StudyListItem {
  return presentStudy(row, {
    labels: row.labels ?? [],
    slideshow: row.slideshow ? slideshowUrls(row.slideshow) : [],
    seriesCount: Number(row.series_count),
    segmentations: row.segmentations ?? [],
  });
}

/**
 * One page of the list in one query: the page's ids come from the list index alone (an index-only scan
 * from the nearer end, see pageWindow), then their rows and extras, each row carrying the list's total.
 */
export function studiesPageQuery(db: Db, teamId: number, filter: StudiesFilter, window: PageWindow) {
  const direction = window.fromEnd ? 'asc' : 'desc';
  const ids = filteredStudies(db, teamId, filter)
    .select('studies.id')
    .orderBy('studies.created_at', direction)
    .orderBy('studies.id', direction)
    .limit(window.limit)
    .offset(window.offset);
  return listedStudies(db, teamId)
    .select(studiesCountQuery(db, teamId, filter).as('total'))
    .where('studies.id', 'in', ids)
    .orderBy('studies.created_at', 'desc')
    .orderBy('studies.id', 'desc');
}

/**
 * One page of the team's studies, newest first (docs/decisions/0019): the first page in one query, its
 * rows carrying the total; another page after the count, read from the nearer end of the list.
 */
export async function listStudies(
  db: Db,
  teamId: number,
  filter: StudiesFilter,
): Promise<Paged<StudyListItem>> {
  const count = async () => Number((await studiesCountQuery(db, teamId, filter).executeTakeFirst())?.n ?? 0);
  const pageOf = (window: PageWindow) => studiesPageQuery(db, teamId, filter, window).execute();
  let rows: Awaited<ReturnType<typeof pageOf>> = [];
  let total: number;
  if (filter.page === 1) {
    rows = await pageOf(FIRST_PAGE);
    total = rows[0] ? Number(rows[0].total ?? 0) : await count();
  } else {
    total = await count();
    const window = pageWindow(filter.page, STUDIES_PAGE_SIZE, total);
    if (window) rows = await pageOf(window);
  }
  // Rows are the team's studies carrying the batch or label, so that batch or label is the team's: only
  // an empty page has to ask whether a foreign or unknown one was named (404).
  if (rows.length === 0) await ownFilter(db, teamId, filter);
  return {
    data: rows.map(presentListed),
    total,
    per_page: STUDIES_PAGE_SIZE,
    current_page: filter.page,
  };
}

/** Throws 404 unless the filter's upload batch and label, when it names them, are the team's. */
async function ownFilter(db: Db, teamId: number, filter: StudiesFilter): Promise<void> {
  if (filter.bupload_id !== undefined) await findUploadBatch(db, teamId, filter.bupload_id);
  if (filter.filter_id !== undefined) await findLabel(db, teamId, filter.filter_id);
}

/** The team's studies among these uuids, as list rows in the order asked; the others are left out. */
export async function favoriteStudies(db: Db, teamId: number, uuids: string[]): Promise<StudyListItem[]> {
  if (uuids.length === 0) return [];
  const rows = await listedStudies(db, teamId).where('studies.uuid', 'in', uuids).execute();
  const order = new Map(uuids.map((uuid, i) => [uuid, i]));
  rows.sort((a, b) => (order.get(a.uuid) ?? 0) - (order.get(b.uuid) ?? 0));
  return rows.map(presentListed);
}

/** One study of the team as a list row, in one query; another team's answers 404. */
export async function studyListItem(db: Db, teamId: number, studyId: number): Promise<StudyListItem> {
  const row = await listedStudies(db, teamId).where('studies.id', '=', studyId).executeTakeFirst();
  if (!row) throw notFound('Study not found.');
  return presentListed(row);
}

async function findUploadBatch(db: Db, teamId: number, uploadId: number) {
  const batch = await db
    .selectFrom('upload_sessions')
    .select('id')
    .where('id', '=', uploadId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!batch) throw notFound('Upload not found.');
  return batch;
}

/** The team's upload batches, newest first, with who uploaded and how many studies and series each holds. */
export async function uploadHistory(db: Db, teamId: number, page: number): Promise<Paged<UploadBatch>> {
  const base = db.selectFrom('upload_sessions').where('upload_sessions.team_id', '=', teamId);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'upload_sessions.user_id')
      .select((eb) => [
        'upload_sessions.id',
        'upload_sessions.uuid',
        'upload_sessions.created_at',
        'users.id as user_id',
        'users.name as user_name',
        eb
          .selectFrom('studies')
          .select(eb.fn.countAll<string | number>().as('n'))
          .where('studies.team_id', '=', teamId)
          .whereRef('studies.upload_id', '=', 'upload_sessions.id')
          .as('studies'),
        eb
          .selectFrom('series')
          .select(eb.fn.countAll<string | number>().as('n'))
          .where('series.team_id', '=', teamId)
          .whereRef('series.upload_id', '=', 'upload_sessions.id')
          .as('series'),
      ])
      .orderBy('upload_sessions.created_at', 'desc')
      .orderBy('upload_sessions.id', 'desc')
      .limit(UPLOAD_HISTORY_PAGE_SIZE)
      .offset((page - 1) * UPLOAD_HISTORY_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      uuid: r.uuid,
      created_at: iso(r.created_at),
      user: r.user_id === null || r.user_name === null ? null : { id: r.user_id, name: r.user_name },
      studies: Number(r.studies ?? 0),
      series: Number(r.series ?? 0),
    })),
    total: Number(count.n),
    per_page: UPLOAD_HISTORY_PAGE_SIZE,
    current_page: page,
  };
}
