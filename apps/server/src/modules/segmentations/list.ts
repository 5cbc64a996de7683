import { SEGMENTATIONS_PAGE_SIZE, type Paged, type SegmentationListItem } from '@voxa/contracts';
import { sql } from 'kysely';
import type { TeamContext } from '../../http/context';
import type { Db } from '../../platform/db';
import {
  presentSegmentations,
  segmentationColumns,
  segmentationsFrom,
  type SegmentationsFrom,
} from './present';

export interface SegmentationsFilter {
  page: number;
  /** A structure slug. */
  structure?: string | undefined;
  /** Only those the caller is assigned to, in the box of the role they hold now. */
  assigned?: boolean | undefined;
}

/** Where a segmentation lives: its study and series as the segmentations page shows them. */
export function withPlace(query: ReturnType<typeof segmentationColumns<SegmentationsFrom>>) {
  return query
    .innerJoin('studies', 'studies.id', 'segmentations.study_id')
    .select([
      'studies.uuid as study_uuid',
      sql<string | null>`studies.data->>'patientName'`.as('patient_name'),
      'series.series_number',
      sql<string | null>`series.data->>'seriesDescription'`.as('series_description'),
      'series.modality_code',
    ]);
}

type PlacedRow = Awaited<ReturnType<ReturnType<typeof withPlace>['execute']>>[number];

/** Rows presented as list items, in their order. */
export async function presentWithPlace(
  db: Db,
  ctx: TeamContext,
  rows: readonly PlacedRow[],
): Promise<SegmentationListItem[]> {
  const presented = new Map((await presentSegmentations(db, ctx, rows)).map((s) => [s.id, s]));
  return rows.flatMap((row) => {
    const segmentation = presented.get(row.id);
    if (!segmentation) return [];
    return [
      {
        ...segmentation,
        study_uuid: row.study_uuid,
        patient_name: row.patient_name ?? '',
        series_number: row.series_number,
        series_description: row.series_description,
        modality_code: row.modality_code,
      },
    ];
  });
}

/**
 * GET /segmentations: one page of the team's segmentations, newest first, with where each lives. The
 * endpoint asks r:segmentations, which reads every segmentation of the team, shared or not
 * (docs/decisions/0030), so no row is left out for access.
 */
export async function listSegmentations(
  db: Db,
  ctx: TeamContext,
  filter: SegmentationsFilter,
): Promise<Paged<SegmentationListItem>> {
  let base = segmentationsFrom(db, ctx.team.id);
  if (filter.structure !== undefined) base = base.where('structures.slug', '=', filter.structure);
  if (filter.assigned)
    base = base.where('segmentations.id', 'in', (eb) =>
      eb
        .selectFrom('segmentation_users')
        .select('segmentation_users.segmentation_id')
        .where('segmentation_users.user_id', '=', ctx.user.id)
        .where('segmentation_users.role_id', '=', ctx.roleId),
    );
  const [rows, count] = await Promise.all([
    withPlace(segmentationColumns(base))
      .orderBy('segmentations.created_at', 'desc')
      .orderBy('segmentations.id', 'desc')
      .limit(SEGMENTATIONS_PAGE_SIZE)
      .offset((filter.page - 1) * SEGMENTATIONS_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: await presentWithPlace(db, ctx, rows),
    total: Number(count.n),
    per_page: SEGMENTATIONS_PAGE_SIZE,
    current_page: filter.page,
  };
}
