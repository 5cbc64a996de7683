import { api, hasAny, type AnnotatorCase, type Segmentation } from '@voxa/contracts';
import { sql } from 'kysely';
import type { TeamContext } from '../../http/context';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { presentSegmentations, segmentationsQuery } from '../segmentations/present';
import { readSeriesData } from '../studies/series-data';

export const NO_CASE = 'Case not found.';

/** A name the upload kept for a study or series, if it is a non-empty string. */
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The case converted series `seriesUuid` opens: its study and the study's converted series, the
 * reference first and then in the organize order. 404 for another team's or an unconverted series.
 */
export async function findCase(db: Db, ctx: TeamContext, seriesUuid: string): Promise<AnnotatorCase> {
  const teamId = ctx.team.id;
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
    segmentations: await caseSegmentations(db, ctx, opened.id),
  };
}

/**
 * The study's segmentations the caller may read, oldest first; none for one who may not fetch masks
 * (the mask endpoints' permissions), so the page never lists what it cannot open.
 */
async function caseSegmentations(db: Db, ctx: TeamContext, studyId: number): Promise<Segmentation[]> {
  if (!hasAny(ctx.permissions, api.masks.download.anyPermission ?? [])) return [];
  const rows = await segmentationsQuery(db, ctx.team.id)
    .where('segmentations.study_id', '=', studyId)
    .orderBy('segmentations.created_at')
    .orderBy('segmentations.id')
    .execute();
  return presentSegmentations(db, ctx, rows);
}
