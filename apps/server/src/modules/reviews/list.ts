import { REVIEWS_PAGE_SIZE, type ReviewList, type ReviewListQuery } from '@voxa/contracts';
import { sql } from 'kysely';
import type { TeamContext } from '../../http/context';
import type { Db } from '../../platform/db';
import { iso } from '../common/time';

/**
 * GET /reviews: `mine` are the reviews the caller submitted; `to-review` those the caller may decide, their
 * own submissions left out: every other of the team, since the endpoint asks r:reviews and whoever holds it
 * reviews what they read, which is every segmentation of the team (decision 0093). Newest submission first.
 */
export async function listReviews(db: Db, ctx: TeamContext, query: ReviewListQuery): Promise<ReviewList> {
  const me = ctx.user.id;
  let base = db
    .selectFrom('reviews')
    .innerJoin('segmentations', 'segmentations.id', 'reviews.segmentation_id')
    .where('reviews.team_id', '=', ctx.team.id);
  base =
    query.box === 'mine'
      ? base.where('reviews.submitted_by', '=', me)
      : base.where((eb) =>
          eb.or([eb('reviews.submitted_by', 'is', null), eb('reviews.submitted_by', '!=', me)]),
        );
  if (query.state) base = base.where('reviews.state', '=', query.state);

  const [rows, count] = await Promise.all([
    base
      .innerJoin('series', 'series.id', 'segmentations.series_id')
      .innerJoin('studies', 'studies.id', 'segmentations.study_id')
      .innerJoin('structures', 'structures.id', 'segmentations.structure_id')
      .leftJoin('users', 'users.id', 'reviews.submitted_by')
      .select([
        'reviews.segmentation_id',
        'reviews.state',
        'reviews.round',
        'reviews.submitted_by',
        'reviews.submitted_at',
        'reviews.updated_at',
        'series.uuid as series_uuid',
        'series.modality_code',
        'studies.uuid as study_uuid',
        sql<string | null>`studies.data->>'patientName'`.as('patient_name'),
        'structures.title as structure_title',
        'structures.slug as structure_slug',
        'users.name as author_name',
      ])
      .orderBy('reviews.submitted_at', 'desc')
      .orderBy('reviews.id', 'desc')
      .limit(REVIEWS_PAGE_SIZE)
      .offset((query.page - 1) * REVIEWS_PAGE_SIZE)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: count.total,
    data: rows.map((r) => ({
      segmentation_id: r.segmentation_id,
      series_uuid: r.series_uuid,
      study_uuid: r.study_uuid,
      patient_name: r.patient_name ?? '',
      modality_code: r.modality_code,
      structure: { title: r.structure_title, slug: r.structure_slug },
      author:
        r.submitted_by !== null && r.author_name !== null
          ? { id: r.submitted_by, name: r.author_name }
          : null,
      state: r.state,
      round: r.round,
      submitted_at: iso(r.submitted_at),
      updated_at: iso(r.updated_at),
    })),
  };
}
