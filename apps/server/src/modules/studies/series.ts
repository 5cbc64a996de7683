import type { SeriesListItem } from '@voxa/contracts';
import type { Db } from '../../platform/db';
import { presentSeries } from './present';
import { findStudy } from './service';

/** The series columns every series list reads. */
export const SERIES_LIST_COLUMNS = [
  'id',
  'uuid',
  'study_id',
  'series_number',
  'acquisition_code',
  'score',
  'ref_serie',
  'sort',
  'modality_code',
  'status',
  'data',
] as const;

/** A study's series in the organize order: acquisition code, sort, series number, id. */
export async function studySeries(db: Db, teamId: number, studyId: number): Promise<SeriesListItem[]> {
  await findStudy(db, teamId, studyId);
  const rows = await db
    .selectFrom('series')
    .select(SERIES_LIST_COLUMNS)
    .where('study_id', '=', studyId)
    .orderBy('acquisition_code')
    .orderBy('sort')
    .orderBy('series_number')
    .orderBy('id')
    .execute();
  return rows.map(presentSeries);
}

/** The team's series with their study's uuid: what code that finds a series' files reads. */
export function seriesWithStudy(db: Db, teamId: number) {
  return db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select([
      'series.id',
      'series.uuid',
      'series.team_id',
      'series.study_id',
      'series.status',
      'series.data',
      'studies.uuid as study_uuid',
    ])
    .where('series.team_id', '=', teamId);
}
