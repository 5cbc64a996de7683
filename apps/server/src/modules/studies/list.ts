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

/** One study of the team as a list row; another team's answers 404. */
export async function studyListItem(db: Db, teamId: number, studyId: number): Promise<StudyListItem> {
  const study = await findStudy(db, teamId, studyId);
  const [item] = await presentStudies(db, teamId, [study]);
  if (!item) throw notFound('Study not found.');
  return item;
}

/** List rows for studies already known to be the team's, with their labels, slideshow and series count. */
export async function presentStudies(db: Db, teamId: number, rows: ListedStudy[]): Promise<StudyListItem[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [labels, slideshows, counts] = await Promise.all([
    labelsOf(db, teamId, ids),
    slideshowsOf(db, ids),
    db
      .selectFrom('series')
      .select(['study_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('study_id', 'in', ids)
      .groupBy('study_id')
      .execute(),
  ]);
  const countOf = new Map(counts.map((c) => [c.study_id, Number(c.n)]));
  return rows.map((row) =>
    presentStudy(row, {
      labels: labels.get(row.id) ?? [],
      slideshow: slideshows.get(row.id) ?? [],
      seriesCount: countOf.get(row.id) ?? 0,
    }),
  );
}

async function labelsOf(db: Db, teamId: number, studyIds: number[]): Promise<Map<number, Label[]>> {
  const rows = await db
    .selectFrom('study_labels')
    .innerJoin('labels', 'labels.id', 'study_labels.label_id')
    .select(['study_labels.study_id', 'labels.id', 'labels.name', 'labels.color'])
    .where('study_labels.study_id', 'in', studyIds)
    .where('study_labels.team_id', '=', teamId)
    .orderBy(sql`lower(labels.name)`)
    .orderBy('labels.id')
    .execute();
  const byStudy = new Map<number, Label[]>();
  for (const { study_id, ...label } of rows) byStudy.set(study_id, [...(byStudy.get(study_id) ?? []), label]);
  return byStudy;
}

/** Each study's slideshow: its reference series' frames, else those of its first converted series. */
async function slideshowsOf(db: Db, studyIds: number[]): Promise<Map<number, string[]>> {
  const rows: Pick<SeriesRowForList, 'study_id' | 'uuid' | 'data'>[] = await db
    .selectFrom('series')
    .distinctOn('study_id')
    .select(['study_id', 'uuid', 'data'])
    .where('study_id', 'in', studyIds)
    .where('status', '=', 'done')
    .where(sql<boolean>`coalesce((data->>'slideshow')::int, 0) > 0`)
    .orderBy('study_id')
    .orderBy('ref_serie', 'desc')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.study_id, slideshowUrls(r)]));
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
