import type { Review } from '@voxa/contracts';
import { sql } from 'kysely';
import type { TeamContext } from '../../http/context';
import { conflict, forbidden } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { ReviewRow, SegmentationRow } from '../../platform/db/schema';
import type { Realtime } from '../../platform/realtime';
import { notify, notifyEach } from '../notifications/notify';
import { findSegmentationById, type FoundSegmentation } from '../segmentations/find';
import { segmentationMembers, type SegmentationMember } from '../segmentations/members';
import { mayReview, reviewersOf } from '../segmentations/reviewers';
import { presentReview } from './present';
import { mayAct, nextState, parseMentions, reviewAbilities, type ReviewAction } from './rules';

type ReviewDeps = { db: Db; realtime: Realtime };

export const ALREADY_PENDING = 'This segmentation is already waiting for review.';
export const NOTHING_PENDING = 'This segmentation is not waiting for review.';

/** What the service knows about the caller and one segmentation's review. */
interface Situation {
  found: FoundSegmentation;
  review: ReviewRow | null;
  members: SegmentationMember[];
}

async function situation(db: Db, ctx: TeamContext, segmentationId: number): Promise<Situation> {
  const found = await findSegmentationById(db, ctx, segmentationId);
  const [review, members] = await Promise.all([
    reviewRow(db, segmentationId),
    segmentationMembers(db, found.segmentation),
  ]);
  return { found, review, members };
}

const reviewRow = async (db: Db, segmentationId: number) =>
  (await db
    .selectFrom('reviews')
    .selectAll()
    .where('segmentation_id', '=', segmentationId)
    .executeTakeFirst()) ?? null;

function facts(ctx: TeamContext, s: Situation) {
  return {
    canEdit: s.found.access.edit,
    canReview: s.found.access.review,
    reviews: mayReview({ permissions: ctx.permissions, read: s.found.access.read }),
    isSubmitter: s.review?.submitted_by === ctx.user.id,
    state: s.review?.state ?? null,
  };
}

function present(db: Db, ctx: TeamContext, s: Situation): Promise<Review> {
  return presentReview(db, {
    segmentationId: s.found.segmentation.id,
    seriesUuid: s.found.series.uuid,
    review: s.review,
    members: s.members,
    callerId: ctx.user.id,
    can: reviewAbilities(facts(ctx, s)),
  });
}

export async function reviewOf(db: Db, ctx: TeamContext, segmentationId: number): Promise<Review> {
  return present(db, ctx, await situation(db, ctx, segmentationId));
}

/** The annotator's address of a segmentation in review mode: task_id is the segmentation. */
export const reviewUrl = (seriesUuid: string, segmentationId: number) =>
  `/annotator/case/${seriesUuid}?task_id=${segmentationId}&review=true`;

/** What a notification about the segmentation says under its text: the structure and the study. */
async function notificationContext(db: Db, segmentation: SegmentationRow): Promise<string> {
  const [structure, study] = await Promise.all([
    db
      .selectFrom('structures')
      .select('title')
      .where('id', '=', segmentation.structure_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('studies')
      .select(sql<string | null>`data->>'patientName'`.as('patient_name'))
      .where('id', '=', segmentation.study_id)
      .executeTakeFirstOrThrow(),
  ]);
  return study.patient_name ? `${structure.title} · ${study.patient_name}` : structure.title;
}

/**
 * Moves the review by `action` under a lock of the segmentation row, so two reviewers (or a reviewer and
 * a re-submission) never both act on one pending round; answers the situation after it.
 */
async function act(db: Db, ctx: TeamContext, before: Situation, action: ReviewAction): Promise<Situation> {
  const segmentationId = before.found.segmentation.id;
  if (!mayAct(facts(ctx, before), action)) throw forbidden();
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('segmentations').select('id').where('id', '=', segmentationId).forUpdate().execute();
    const current = await reviewRow(trx, segmentationId);
    const next = nextState(current?.state ?? null, action);
    if (next === null) throw conflict(action === 'submit' ? ALREADY_PENDING : NOTHING_PENDING);
    if (action !== 'submit' && current?.submitted_by === ctx.user.id) throw forbidden();
    const now = new Date();
    const row =
      action === 'submit'
        ? await trx
            .insertInto('reviews')
            .values({
              team_id: ctx.team.id,
              segmentation_id: segmentationId,
              state: next,
              submitted_by: ctx.user.id,
            })
            .onConflict((oc) =>
              oc.column('segmentation_id').doUpdateSet((eb) => ({
                state: next,
                round: eb('reviews.round', '+', 1),
                submitted_by: ctx.user.id,
                submitted_at: now,
                decided_by: null,
                decided_at: null,
                updated_at: now,
              })),
            )
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .updateTable('reviews')
            .set({ state: next, decided_by: ctx.user.id, decided_at: now, updated_at: now })
            .where('segmentation_id', '=', segmentationId)
            .returningAll()
            .executeTakeFirstOrThrow();
    await trx
      .insertInto('review_events')
      .values({
        team_id: ctx.team.id,
        review_id: row.id,
        kind: action === 'submit' ? 'submitted' : next === 'approved' ? 'approved' : 'changes_requested',
        round: row.round,
        user_id: ctx.user.id,
      })
      .execute();
  });
  return { ...before, review: await reviewRow(db, segmentationId) };
}

export async function submitReview(
  deps: ReviewDeps,
  ctx: TeamContext,
  segmentationId: number,
): Promise<Review> {
  const before = await situation(deps.db, ctx, segmentationId);
  const { reviewers, nobodyReviews } = reviewersOf(before.members, ctx.user.id);
  // A round nobody could decide is not opened (after the 403 and the 409 of a pending one, which act answers).
  const opens = mayAct(facts(ctx, before), 'submit') && nextState(before.review?.state ?? null, 'submit');
  if (opens && nobodyReviews !== null) throw conflict(nobodyReviews);
  const after = await act(deps.db, ctx, before, 'submit');
  const { segmentation, series } = after.found;
  // Those assigned in its boxes are told when there are any, else every reviewer (decision 0093).
  const assigned = reviewers.filter((m) => m.isAssigned);
  await notifyEach(
    deps,
    (assigned.length > 0 ? assigned : reviewers).map((m) => m.id),
    {
      teamId: ctx.team.id,
      typeCode: 'review.submit',
      model1Id: segmentation.id,
      model2Id: after.review?.round ?? null,
      section: 'reviews',
      url: reviewUrl(series.uuid, segmentation.id),
      description: await notificationContext(deps.db, segmentation),
    },
  );
  return present(deps.db, ctx, after);
}

export async function decideReview(
  deps: ReviewDeps,
  ctx: TeamContext,
  segmentationId: number,
  action: 'approve' | 'request-changes',
): Promise<Review> {
  const after = await act(deps.db, ctx, await situation(deps.db, ctx, segmentationId), action);
  const { segmentation, series } = after.found;
  const author = after.review?.submitted_by;
  if (author !== null && author !== undefined)
    await notify(deps, {
      teamId: ctx.team.id,
      userId: author,
      typeCode: action === 'approve' ? 'review.approve' : 'review.request.changes',
      model1Id: segmentation.id,
      model2Id: after.review?.round ?? null,
      section: 'reviews',
      url: reviewUrl(series.uuid, segmentation.id),
      description: await notificationContext(deps.db, segmentation),
    });
  return present(deps.db, ctx, after);
}

/** A comment; each member it @mentions (among those who may read the segmentation) is notified. */
export async function commentOn(
  deps: ReviewDeps,
  ctx: TeamContext,
  segmentationId: number,
  body: string,
): Promise<Review> {
  const s = await situation(deps.db, ctx, segmentationId);
  if (!s.found.access.review) throw forbidden();
  const mentionable = s.members.filter((m) => m.reads && m.id !== ctx.user.id);
  const mentions = parseMentions(body, mentionable).map((m) => m.id);
  const comment = await deps.db
    .insertInto('segmentation_comments')
    .values({ team_id: ctx.team.id, segmentation_id: segmentationId, user_id: ctx.user.id, body, mentions })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { segmentation, series } = s.found;
  await notifyEach(deps, mentions, {
    teamId: ctx.team.id,
    typeCode: 'review.add.comment',
    model1Id: segmentation.id,
    model2Id: comment.id,
    section: 'reviews',
    url: reviewUrl(series.uuid, segmentation.id),
    description: await notificationContext(deps.db, segmentation),
  });
  return present(deps.db, ctx, s);
}
