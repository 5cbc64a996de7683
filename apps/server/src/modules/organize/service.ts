import type { OrganizeSeries, OrganizeStudy, SeriesListItem, StudyListItem } from '@voxa/contracts';
import { encodeStudyId } from '@voxa/contracts';
import { sql } from 'kysely';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { TeamContext } from '../../http/context';
import { iso } from '../common/time';
import { presentSegmentations, segmentationsQuery } from '../segmentations/present';
import { studyListItem } from '../studies/list';
import { presentSeries, type SeriesRowForList } from '../studies/present';
import { SERIES_LIST_COLUMNS, seriesWithStudy, studySeries } from '../studies/series';
import { findStudy } from '../studies/service';
import { readSeriesData, seriesDataText, seriesFolder } from '../studies/series-data';
import { planSortChange } from './sort-plan';
import { structureChoices } from './structures';

function organizeSeries(row: SeriesRowForList): OrganizeSeries {
  // What the organize view may show: not the series' file folder.
  const { folder: _folder, ...data } = readSeriesData(row.data);
  return {
    ...presentSeries(row),
    data,
    nifti: (data.nifti ?? []).map((file) => file.replace(/\.nii$/, '')),
  };
}

/**
 * GET /annotator/studies/{uuid}: the study with its series in organize order, its segmentations with what
 * the caller may do with each, and the structures a segmentation may be made for.
 */
export async function organizeStudy(db: Db, ctx: TeamContext, uuid: string) {
  const teamId = ctx.team.id;
  const study = await db
    .selectFrom('studies')
    .selectAll()
    .where('uuid', '=', uuid)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!study) throw notFound('Study not found.');
  const listed = await studyListItem(db, teamId, study.id);
  const rows = await db
    .selectFrom('series')
    .select(SERIES_LIST_COLUMNS)
    .where('study_id', '=', study.id)
    .orderBy('acquisition_code')
    .orderBy('sort')
    .orderBy('series_number')
    .orderBy('id')
    .execute();
  const series = rows.map(organizeSeries);
  // The keyed hash of the original StudyInstanceUID, as the upload's duplicate check (a NIfTI's is unique).
  const twin = await db
    .selectFrom('studies')
    .select('id')
    .where('team_id', '=', teamId)
    .where('original_uid_hash', '=', study.original_uid_hash)
    .where('id', '!=', study.id)
    .limit(1)
    .executeTakeFirst();
  const detail: OrganizeStudy = {
    id: study.id,
    uuid: study.uuid,
    study_id: encodeStudyId(study.id),
    study_uid: study.study_uid,
    team_id: study.team_id,
    user_id: study.user_id,
    upload_id: study.upload_id,
    status: study.status,
    path: study.path,
    has_series: study.has_series,
    structure_category_id: study.structure_category_id,
    created_at: iso(study.created_at),
    updated_at: iso(study.updated_at),
    data: { ...study.data, series: series.map((s) => ({ id: s.id, uuid: s.uuid, ...s.data })) },
    labels: listed.labels,
    segmentations: listed.segmentations,
    duplicate: twin !== undefined,
  };
  const [segmentations, structures] = await Promise.all([
    segmentationsQuery(db, teamId)
      .where('segmentations.study_id', '=', study.id)
      .orderBy('segmentations.created_at')
      .orderBy('segmentations.id')
      .execute()
      .then((rows) => presentSegmentations(db, ctx, rows)),
    structureChoices(db, teamId),
  ]);
  return { study: detail, series, segmentations, structures };
}

/** Locks a study row for the rest of the transaction, so changes to its series run one after another. */
async function lockStudy(trx: Db, studyId: number) {
  await sql`SELECT id FROM studies WHERE id = ${studyId} FOR UPDATE`.execute(trx);
}

/** PUT /studies-v2/change-sort-for-acquisition: validates the new order and stores it. */
export async function changeSort(
  db: Db,
  teamId: number,
  body: { series: { id: number; sort: number }[]; acquisitionCode: string | null },
): Promise<SeriesListItem[]> {
  const named = await db
    .selectFrom('series')
    .select(['id', 'study_id', 'acquisition_code'])
    .where('team_id', '=', teamId)
    .where(
      'id',
      'in',
      body.series.map((s) => s.id),
    )
    .execute();
  if (named.length !== new Set(body.series.map((s) => s.id)).size) throw notFound('Series not found.');
  const studyIds = new Set(named.map((s) => s.study_id));
  const [studyId] = studyIds;
  if (
    studyIds.size !== 1 ||
    studyId === undefined ||
    named.some((s) => s.acquisition_code !== body.acquisitionCode)
  )
    throw unprocessable('Every series must be of one study and of this acquisition code.', {
      series: ['Every series must be of one study and of this acquisition code.'],
    });
  return db.transaction().execute(async (trx) => {
    await lockStudy(trx, studyId);
    const groupQuery = trx
      .selectFrom('series')
      .select(SERIES_LIST_COLUMNS)
      .where('study_id', '=', studyId)
      .where(sql<boolean>`acquisition_code IS NOT DISTINCT FROM ${body.acquisitionCode}`);
    const group = await groupQuery.execute();
    const plan = planSortChange(
      group.map((s) => ({
        id: s.id,
        sort: s.sort,
        seriesNumber: s.series_number,
        acquisitionCode: s.acquisition_code,
      })),
      body.series,
    );
    if (!plan.ok) throw unprocessable(plan.error, { series: [plan.error] });
    for (const change of plan.changes)
      await trx
        .updateTable('series')
        .set({ sort: change.sort, updated_at: new Date() })
        .where('id', '=', change.id)
        .execute();
    const after = await groupQuery.orderBy('sort').orderBy('series_number').orderBy('id').execute();
    return after.map(presentSeries);
  });
}

const NOT_IN_STUDY = 'The series is not in this study.';
const notInStudy = () => unprocessable(NOT_IN_STUDY, { serie_id: [NOT_IN_STUDY] });

/** Makes one series the study's only reference series, or clears it (null). */
export async function setReference(
  db: Db,
  teamId: number,
  studyId: number,
  serieId: number | null,
): Promise<SeriesListItem[]> {
  await findStudy(db, teamId, studyId);
  if (serieId !== null) {
    const series = await db
      .selectFrom('series')
      .select('study_id')
      .where('id', '=', serieId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    if (!series) throw notFound('Series not found.');
    if (series.study_id !== studyId) throw notInStudy();
  }
  await db.transaction().execute(async (trx) => {
    await lockStudy(trx, studyId);
    await trx
      .updateTable('series')
      .set({ ref_serie: false, updated_at: new Date() })
      .where('study_id', '=', studyId)
      .where('ref_serie', '=', true)
      .execute();
    if (serieId === null) return;
    // Checked again under the lock: the series may have moved to another study since.
    const set = await trx
      .updateTable('series')
      .set({ ref_serie: true, updated_at: new Date() })
      .where('id', '=', serieId)
      .where('study_id', '=', studyId)
      .executeTakeFirst();
    if (set.numUpdatedRows === 0n) throw notInStudy();
  });
  return studySeries(db, teamId, studyId);
}

/** Statuses a series may not move in: its files are still being written. */
const BUSY = ['uploading', 'uploaded', 'converting', 'generatingNii'];

/**
 * Moves series to another study of the team (section 4, Moving series): every series of the studies
 * involved gets acquisition NONE, score 0 and no reference; the moved ones sort after the target's.
 * Their files stay where they are (the folder is recorded on the series).
 */
export async function moveSeries(
  db: Db,
  teamId: number,
  body: { series: number[]; study_id: number },
): Promise<SeriesListItem[]> {
  const target = await findStudy(db, teamId, body.study_id);
  const ids = [...new Set(body.series)];
  const moving = await seriesWithStudy(db, teamId)
    .where('series.id', 'in', ids)
    .orderBy('series.sort')
    .orderBy('series.id')
    .execute();
  if (moving.length !== ids.length) throw notFound('Series not found.');
  if (moving.some((s) => s.study_id === target.id))
    throw unprocessable('The series is already in this study.', {
      series: ['The series is already in this study.'],
    });
  if (moving.some((s) => BUSY.includes(s.status)))
    throw conflict('A series is still uploading or converting.');
  const sources = [...new Set(moving.map((s) => s.study_id))];
  await db.transaction().execute(async (trx) => {
    for (const id of [...sources, target.id].sort((a, b) => a - b)) await lockStudy(trx, id);
    const last = await trx
      .selectFrom('series')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .where('study_id', '=', target.id)
      .executeTakeFirst();
    let sort = Number(last?.sort ?? 0);
    for (const s of moving) {
      const data = { ...readSeriesData(s.data), folder: [...seriesFolder(s, s.study_uuid)] };
      await trx
        .updateTable('series')
        .set({ study_id: target.id, sort: (sort += 1), data: seriesDataText(data) })
        .where('id', '=', s.id)
        .execute();
    }
    // A segmentation belongs to its series' study (the studies list counts it there).
    await trx
      .updateTable('segmentations')
      .set({ study_id: target.id })
      .where(
        'series_id',
        'in',
        moving.map((s) => s.id),
      )
      .execute();
    const involved = [...sources, target.id];
    await trx
      .updateTable('series')
      .set({ acquisition_code: 'NONE', score: 0, ref_serie: false, updated_at: new Date() })
      .where('study_id', 'in', involved)
      .execute();
    await trx
      .updateTable('studies')
      .set({
        has_series: sql<boolean>`EXISTS (SELECT 1 FROM series WHERE series.study_id = studies.id)`,
        updated_at: new Date(),
      })
      .where('id', 'in', involved)
      .execute();
  });
  return studySeries(db, teamId, target.id);
}

/** Renames a study (its shown patient name) and marks it changed by hand (section 4, Study name). */
export async function renameStudy(
  db: Db,
  teamId: number,
  studyId: number,
  name: string,
): Promise<StudyListItem> {
  const study = await findStudy(db, teamId, studyId);
  await db
    .updateTable('studies')
    .set({ data: JSON.stringify({ ...study.data, patientName: name, dirty: true }), updated_at: new Date() })
    .where('id', '=', study.id)
    .execute();
  return studyListItem(db, teamId, studyId);
}
