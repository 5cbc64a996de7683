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
import type { StudyRow } from '../../platform/db/schema';
import { iso } from '../common/time';
import { findLabel } from '../labels/service';
import { presentStudy, slideshowUrls, type SeriesRowForList } from './present';
import { findStudy } from './service';

export interface StudiesFilter {
  page: number;
  /** An upload batch (session id) of the team. */
  bupload_id?: number | undefined;
  /** A label of the team (docs/decisions/0019). */
  filter_id?: number | undefined;
}

type ListedStudy = Pick<
  StudyRow,
  'id' | 'uuid' | 'status' | 'upload_id' | 'data' | 'created_at' | 'updated_at'
>;

/** The page query and the count query of the studies list (the bench EXPLAINs them as they run here). */
export function studiesPageQueries(db: Db, teamId: number, filter: StudiesFilter) {
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
  return {
    page: base
      .select(['id', 'uuid', 'status', 'upload_id', 'data', 'created_at', 'updated_at'])
      .orderBy('studies.created_at', 'desc')
      .orderBy('studies.id', 'desc')
      .limit(STUDIES_PAGE_SIZE)
      .offset((filter.page - 1) * STUDIES_PAGE_SIZE),
    count: countQuery(
      db,
      teamId,
      filter,
      base.select((eb) => eb.fn.countAll<string | number>().as('n')),
    ),
  };
}

/**
 * How many studies the list holds: the team's kept count when unfiltered, the label's rows when only a
 * label filters (the label is known to be the team's), else a count of the filtered studies.
 */
function countQuery<Q>(db: Db, teamId: number, filter: StudiesFilter, counted: Q) {
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
  return counted;
}

/**
 * One page of the team's studies, newest first. The page and the count each read one index range
 * (migration 0005); labels, slideshows and series counts come in one query each for the whole page.
 */
export async function listStudies(
  db: Db,
  teamId: number,
  filter: StudiesFilter,
): Promise<Paged<StudyListItem>> {
  if (filter.bupload_id !== undefined) await findUploadBatch(db, teamId, filter.bupload_id);
  if (filter.filter_id !== undefined) await findLabel(db, teamId, filter.filter_id);
  const queries = studiesPageQueries(db, teamId, filter);
  const [rows, count] = await Promise.all([queries.page.execute(), queries.count.executeTakeFirst()]);
  return {
    data: await presentStudies(db, teamId, rows),
    total: Number(count?.n ?? 0),
    per_page: STUDIES_PAGE_SIZE,
    current_page: filter.page,
  };
}

/** The team's studies among these uuids, as list rows in the order asked; the others are left out. */
export async function favoriteStudies(db: Db, teamId: number, uuids: string[]): Promise<StudyListItem[]> {
  if (uuids.length === 0) return [];
  const rows = await db
    .selectFrom('studies')
    .select(['id', 'uuid', 'status', 'upload_id', 'data', 'created_at', 'updated_at'])
    .where('team_id', '=', teamId)
    .where('uuid', 'in', uuids)
    .execute();
  const order = new Map(uuids.map((uuid, i) => [uuid, i]));
  rows.sort((a, b) => (order.get(a.uuid) ?? 0) - (order.get(b.uuid) ?? 0));
  return presentStudies(db, teamId, rows);
}

/** One study of the team as a list row; another team's answers 404. */
export async function studyListItem(db: Db, teamId: number, studyId: number): Promise<StudyListItem> {
  const study = await findStudy(db, teamId, studyId);
  const [item] = await presentStudies(db, teamId, [study]);
  if (!item) throw notFound('Study not found.');
  return item;
}

interface StudyExtrasRow {
  id: number;
  labels: Label[] | null;
  slideshow: Pick<SeriesRowForList, 'uuid' | 'data'> | null;
  series_count: string | number;
}

/** The labels, slideshow series and series count of some studies of the team (see presentStudies). */
export function studyExtrasQuery(teamId: number, ids: number[]) {
  return sql<StudyExtrasRow>`
    SELECT s.id,
      (SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color)
                       ORDER BY lower(l.name), l.id)
         FROM study_labels sl JOIN labels l ON l.id = sl.label_id
         WHERE sl.study_id = s.id AND sl.team_id = ${teamId}) AS labels,
      (SELECT json_build_object('uuid', se.uuid, 'data', json_build_object(
                'slideshow', se.data->'slideshow', 'slideshowVersion', se.data->'slideshowVersion'))
         FROM series se
         WHERE se.study_id = s.id AND se.status = 'done' AND coalesce((se.data->>'slideshow')::int, 0) > 0
         ORDER BY se.ref_serie DESC, se.sort, se.id
         LIMIT 1) AS slideshow,
      (SELECT count(*) FROM series se WHERE se.study_id = s.id) AS series_count
    FROM studies s
    WHERE s.id IN (${sql.join(ids)}) AND s.team_id = ${teamId}`;
}

/**
 * List rows for studies already known to be the team's: their labels, slideshow (the reference series'
 * frames, else those of the first converted series with frames) and series count, in one query for the
 * whole page, each part read through an index by study id.
 */
export async function presentStudies(db: Db, teamId: number, rows: ListedStudy[]): Promise<StudyListItem[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const extras = await studyExtrasQuery(teamId, ids).execute(db);
  const byId = new Map(extras.rows.map((e) => [e.id, e]));
  return rows.map((row) => {
    const extra = byId.get(row.id);
    return presentStudy(row, {
      labels: extra?.labels ?? [],
      slideshow: extra?.slideshow ? slideshowUrls(extra.slideshow) : [],
      seriesCount: Number(extra?.series_count ?? 0),
    });
  });
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
