import type { DatasetCandidate } from '@voxa/contracts';
import type { Db } from '../../platform/db';
import { notFound } from '../../http/errors';
import { liveSegmentsOf } from '../segmentations/live-segments';

/**
 * A team's segmentations with a mask, with what an export needs of each: its series (converted or not),
 * its study's anonymisation and its live segments. `only` narrows to some ids (in any team: the caller
 * compares), `structureId` to one structure.
 */
export async function maskedSegmentations(
  db: Db,
  teamId: number,
  filter: { structureId?: number; only?: readonly number[] },
) {
  let query = db
    .selectFrom('segmentations as sg')
    .innerJoin('series as se', 'se.id', 'sg.series_id')
    .innerJoin('studies as st', 'st.id', 'se.study_id')
    .select([
      'sg.id',
      'sg.team_id',
      'sg.structure_id',
      'sg.mask_revision',
      'se.id as series_id',
      'se.uuid as series_uuid',
      'se.series_number',
      'se.modality_code',
      'se.status as series_status',
      'se.data as series_data',
      'st.uuid as study_uuid',
      'st.data as study_data',
    ])
    .where('sg.team_id', '=', teamId)
    .orderBy('sg.id');
  if (filter.structureId !== undefined) query = query.where('sg.structure_id', '=', filter.structureId);
  if (filter.only) query = query.where('sg.id', 'in', filter.only.length ? [...filter.only] : [0]);
  else query = query.where('sg.mask_revision', 'is not', null);
  const rows = await query.execute();
  const segments = await liveSegmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    anonymised: r.study_data.anonymize === true,
    segments: segments
      .filter((s) => s.segmentation_id === r.id)
      .map((s) => ({ title: s.title, value: s.value })),
  }));
}
export type MaskedSegmentation = Awaited<ReturnType<typeof maskedSegmentations>>[number];

export function presentCandidate(row: MaskedSegmentation): DatasetCandidate {
  const patient = row.study_data.patientName;
  return {
    segmentation_id: row.id,
    study: { uuid: row.study_uuid, name: typeof patient === 'string' ? patient : '' },
    series: { uuid: row.series_uuid, number: row.series_number },
    modality: row.modality_code,
    segments: row.segments.map((s) => s.title),
    anonymised: row.anonymised,
  };
}

/** A team by its id; 404 for none. */
export async function teamById(db: Db, teamId: number) {
  const team = await db
    .selectFrom('teams')
    .select(['id', 'slug', 'title'])
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw notFound('Team not found.');
  return team;
}

/** A structure the team sees (a global one or its own); 404 for any other. */
export async function teamStructure(db: Db, teamId: number, structureId: number) {
  const structure = await db
    .selectFrom('structures')
    .select(['id', 'slug', 'title'])
    .where('id', '=', structureId)
    .where((eb) => eb.or([eb('team_id', 'is', null), eb('team_id', '=', teamId)]))
    .executeTakeFirst();
  if (!structure) throw notFound('Structure not found.');
  return structure;
}
