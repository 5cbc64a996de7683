import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';
import type { Permission } from './permissions';

/**
 * Reviews of segmentations (issue 14 item 3; docs/decisions/0042-reviews.md): an author submits, a reviewer
 * approves or requests changes, and anyone who may review comments, @mentioning team members.
 */
export const REVIEW_STATES = ['pending', 'approved', 'changes_requested'] as const;
export const ReviewState = z.enum(REVIEW_STATES);
export type ReviewState = z.infer<typeof ReviewState>;

export const REVIEW_EVENT_KINDS = ['submitted', 'approved', 'changes_requested'] as const;
export const ReviewEventKind = z.enum(REVIEW_EVENT_KINDS);
export type ReviewEventKind = z.infer<typeof ReviewEventKind>;

export const REVIEWS_PAGE_SIZE = 20;
export const REVIEW_COMMENT_MAX = 4000;

/** Shown for states and history events alike. */
export const REVIEW_STATE_TEXT: Record<ReviewState, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};
export const REVIEW_EVENT_TEXT: Record<ReviewEventKind, string> = {
  submitted: 'Submitted for review',
  approved: 'Approved',
  changes_requested: 'Requested changes',
};

const Person = z.object({ id: Id, name: z.string() });
export type ReviewPerson = z.infer<typeof Person>;

export const ReviewEvent = z.object({
  id: Id,
  kind: ReviewEventKind,
  /** Submissions are counted from 1; a re-submission opens the next round. */
  round: z.number().int(),
  /** Null once the user is gone. */
  user: Person.nullable(),
  created_at: Timestamp,
});
export type ReviewEvent = z.infer<typeof ReviewEvent>;

export const ReviewComment = z.object({
  id: Id,
  segmentation_id: Id,
  author: Person.nullable(),
  body: z.string(),
  /** The team members the body @mentions (each was notified). */
  mentions: z.array(Person),
  created_at: Timestamp,
});
export type ReviewComment = z.infer<typeof ReviewComment>;

/** What the caller may do now (the server's rule, so the page never re-derives it). */
export const ReviewAbilities = z.object({ submit: z.boolean(), decide: z.boolean(), comment: z.boolean() });
export type ReviewAbilities = z.infer<typeof ReviewAbilities>;

/** One segmentation's review: its state (null before the first submission), history and comments. */
export const Review = z.object({
  segmentation_id: Id,
  series_uuid: z.string().uuid(),
  state: ReviewState.nullable(),
  round: z.number().int(),
  submitted_by: Person.nullable(),
  submitted_at: Timestamp.nullable(),
  /** Oldest first. */
  history: z.array(ReviewEvent),
  /** Oldest first. */
  comments: z.array(ReviewComment),
  /** The team members a comment may @mention: those who may read the segmentation, the caller left out. */
  mentionable: z.array(Person),
  can: ReviewAbilities,
});
export type Review = z.infer<typeof Review>;

/** A row of /reviews. */
export const ReviewListItem = z.object({
  segmentation_id: Id,
  series_uuid: z.string().uuid(),
  study_uuid: z.string().uuid(),
  patient_name: z.string(),
  modality_code: z.string().nullable(),
  structure: z.object({ title: z.string(), slug: z.string() }),
  /** Who submitted the current round. */
  author: Person.nullable(),
  state: ReviewState,
  round: z.number().int(),
  submitted_at: Timestamp,
  updated_at: Timestamp,
});
export type ReviewListItem = z.infer<typeof ReviewListItem>;

export const REVIEW_BOXES = ['to-review', 'mine'] as const;
export const ReviewBox = z.enum(REVIEW_BOXES);
export type ReviewBox = z.infer<typeof ReviewBox>;

export const ReviewListQuery = z.strictObject({
  /** to-review: those the caller may decide on; mine: those the caller submitted. */
  box: ReviewBox.default('to-review'),
  state: ReviewState.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

export const ReviewList = z.object({ data: z.array(ReviewListItem), total: z.number().int() });
export type ReviewList = z.infer<typeof ReviewList>;

/** Reading a segmentation (as its endpoints do): the segmentation pages, organize and reviews. */
const READ: readonly Permission[] = ['r:segmentations', 'r:studies:detail', 'r:reviews'];
const Params = z.strictObject({ segmentationId: Id });

export const reviews = {
  list: endpoint({
    method: 'GET',
    path: '/reviews',
    scope: 'team',
    permissions: ['r:reviews'],
    summary:
      'The caller’s reviews, newest submission first: to-review (those the caller may approve or send back) ' +
      'or mine (those the caller submitted), optionally of one state',
    query: ReviewListQuery,
    response: ReviewList,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/segmentations/:segmentationId/review',
    scope: 'team',
    anyPermission: READ,
    summary:
      'A segmentation’s review: state, history, comments, who may be mentioned, what the caller may do',
    params: Params,
    response: Review,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/segmentations/:segmentationId/review/submit',
    scope: 'team',
    anyPermission: READ,
    summary:
      'Submits the segmentation for review (first time, after changes were requested, or again after an ' +
      'approval); notifies its reviewers. 403 for who may not change it, 409 while pending or with nobody ' +
      'to review it',
    params: Params,
    response: Review,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/segmentations/:segmentationId/review/approve',
    scope: 'team',
    anyPermission: READ,
    summary:
      'Approves the pending submission; notifies its author. 403 for who is not its reviewer (the author ' +
      'included), 409 when nothing is pending',
    params: Params,
    response: Review,
  }),
  requestChanges: endpoint({
    method: 'POST',
    path: '/segmentations/:segmentationId/review/request-changes',
    scope: 'team',
    anyPermission: READ,
    summary:
      'Sends the pending submission back to its author, notified. 403 for who is not its reviewer, 409 ' +
      'when nothing is pending',
    params: Params,
    response: Review,
  }),
  comment: endpoint({
    method: 'POST',
    path: '/segmentations/:segmentationId/comments',
    scope: 'team',
    anyPermission: READ,
    summary:
      'Comments on the segmentation; each team member @mentioned by name (among those who may read it) is ' +
      'notified (review.add.comment). 403 for who may only read it',
    params: Params,
    body: z.strictObject({ body: z.string().trim().min(1).max(REVIEW_COMMENT_MAX) }),
    response: Review,
    status: 201,
  }),
};
