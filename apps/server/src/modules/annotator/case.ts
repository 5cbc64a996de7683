import type { AnnotatorCase } from '@voxa/contracts';
import { sql } from 'kysely';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { readSeriesData } from '../studies/series-data';

export const NO_CASE = 'Case not found.';

/** A name the upload kept for a study or series, if it is a non-empty string. */
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The case converted series `seriesUuid` opens: its study and the study's converted series, the
 * reference first and then in the organize order. 404 for another team's or an unconverted series.
 */
export async function findCase(db: Db, teamId: number, seriesUuid: string): Promise<AnnotatorCase> {
  const opened = await db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select(['studies.id', 'studies.uuid', 'studies.data'])
    .where('series.team_id', '=', teamId)
    .where('series.uuid', '=', seriesUuid)
    .where('series.status', '=', 'done')
    .executeTakeFirst();
  if (!opened) throw notFound(NO_CASE);
  const rows = await db
    .selectFrom('series')
    .select(['id', 'uuid', 'series_number', 'modality_code', 'acquisition_code', 'ref_serie', 'data'])
    .where('study_id', '=', opened.id)
    .where('team_id', '=', teamId)
    .where('status', '=', 'done')
    .orderBy(sql`ref_serie desc`)
    .orderBy('acquisition_code')
    .orderBy('sort')
    .orderBy('series_number')
    .orderBy('id')
    .execute();
  const series = rows.flatMap((row) => {
    const data = readSeriesData(row.data);
    const volumes = data.nifti?.length ?? 0;
    if (volumes === 0) return [];
    return [
      {
        id: row.id,
        uuid: row.uuid,
        series_number: row.series_number,
        modality_code: row.modality_code,
        acquisition_code: row.acquisition_code,
        description: text(data.seriesDescription) ?? text(data.protocolName),
        ref_serie: row.ref_serie,
        volumes,
      },
    ];
  });
  if (!series.some((s) => s.uuid === seriesUuid)) throw notFound(NO_CASE);
  return {
    uuid: seriesUuid,
    study: {
      id: opened.id,
      uuid: opened.uuid,
      patient_name: text(opened.data.patientName) ?? 'Anonymous',
      modality: text(opened.data.modality),
    },
    series,
  };
}
