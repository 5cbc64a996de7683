import type { Review, ReviewComment, ReviewEvent, ReviewPerson } from '@voxa/contracts';
import type { Db } from '../../platform/db';
import type { ReviewRow } from '../../platform/db/schema';
import { iso } from '../common/time';
import type { SegmentationMember } from '../segmentations/members';

const person = (id: number | null, name: string | null): ReviewPerson | null =>
  id !== null && name !== null ? { id, name } : null;

/** A review as the page shows it; `can` is worked out by the caller (the service holds the facts). */
export async function presentReview(
  db: Db,
  input: {
    segmentationId: number;
    seriesUuid: string;
    review: ReviewRow | null;
    members: readonly SegmentationMember[];
    callerId: number;
    can: Review['can'];
  },
): Promise<Review> {
  const { review } = input;
  const [events, comments, submitter] = await Promise.all([
    review ? reviewEvents(db, review.id) : [],
    segmentationComments(db, input.segmentationId),
    review?.submitted_by
      ? db.selectFrom('users').select('name').where('id', '=', review.submitted_by).executeTakeFirst()
      : undefined,
  ]);
  return {
    segmentation_id: input.segmentationId,
    series_uuid: input.seriesUuid,
    state: review?.state ?? null,
    round: review?.round ?? 0,
    submitted_by: person(review?.submitted_by ?? null, submitter?.name ?? null),
    submitted_at: review ? iso(review.submitted_at) : null,
    history: events,
    comments,
    mentionable: input.members
      .filter((m) => m.reads && m.id !== input.callerId)
      .map((m) => ({ id: m.id, name: m.name })),
    can: input.can,
  };
}

async function reviewEvents(db: Db, reviewId: number): Promise<ReviewEvent[]> {
  const rows = await db
    .selectFrom('review_events')
    .leftJoin('users', 'users.id', 'review_events.user_id')
    .select([
      'review_events.id',
      'review_events.kind',
      'review_events.round',
      'review_events.user_id',
      'review_events.created_at',
      'users.name',
    ])
    .where('review_events.review_id', '=', reviewId)
    .orderBy('review_events.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    round: r.round,
    user: person(r.user_id, r.name),
    created_at: iso(r.created_at),
  }));
}

async function segmentationComments(db: Db, segmentationId: number): Promise<ReviewComment[]> {
  const rows = await db
    .selectFrom('segmentation_comments')
    .leftJoin('users', 'users.id', 'segmentation_comments.user_id')
    .select([
      'segmentation_comments.id',
      'segmentation_comments.user_id',
      'segmentation_comments.body',
      'segmentation_comments.mentions',
      'segmentation_comments.created_at',
      'users.name',
    ])
    .where('segmentation_comments.segmentation_id', '=', segmentationId)
    .orderBy('segmentation_comments.id')
    .execute();
  const mentioned = [...new Set(rows.flatMap((r) => r.mentions))];
  const names = new Map(
    mentioned.length === 0
      ? []
      : (await db.selectFrom('users').select(['id', 'name']).where('id', 'in', mentioned).execute()).map(
          (u) => [u.id, u.name] as const,
        ),
  );
  return rows.map((r) => ({
    id: r.id,
    segmentation_id: segmentationId,
    author: person(r.user_id, r.name),
    body: r.body,
    // A mentioned user who is gone drops out of the list; the body keeps their name.
    mentions: r.mentions.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    created_at: iso(r.created_at),
  }));
}
