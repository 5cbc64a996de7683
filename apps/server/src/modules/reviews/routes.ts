import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { listReviews } from './list';
import * as reviews from './service';

/** Reviews of segmentations and their comments (docs/decisions/0042-reviews.md). */
export function reviewRoutes(app: FastifyInstance, deps: Deps): void {
  const e = api.reviews;
  route(app, e.list, async ({ ctx, query }) => listReviews(deps.db, ctx, query));
  route(app, e.detail, async ({ ctx, params }) => reviews.reviewOf(deps.db, ctx, params.segmentationId));
  route(app, e.submit, async ({ ctx, params }) => reviews.submitReview(deps, ctx, params.segmentationId));
  route(app, e.approve, async ({ ctx, params }) =>
    reviews.decideReview(deps, ctx, params.segmentationId, 'approve'),
  );
  route(app, e.requestChanges, async ({ ctx, params }) =>
    reviews.decideReview(deps, ctx, params.segmentationId, 'request-changes'),
  );
  route(app, e.comment, async ({ ctx, params, body }) =>
    reviews.commentOn(deps, ctx, params.segmentationId, body.body),
  );
}
