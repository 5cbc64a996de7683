import { z } from 'zod';
import { Id, Timestamp } from './common';
import { NOTIFICATION_PAGE_SIZE } from './constants';
import { endpoint } from './endpoint';
import { Permission } from './permissions';

/**
 * Notifications (teams-and-account.md 2.3, 3, 4, 7.3; docs/decisions/0041-notifications.md): per user and
 * team, raised by one service the other modules call, pushed to every tab of the user.
 */
export const NOTIFICATION_TYPES = [
  // The spec's type codes.
  'aitrain.train.begin',
  'aitrain.train.fail',
  'aitrain.train.complete',
  'aitrain.upload.begin',
  'aitrain.upload.complete',
  'review.add.comment',
  'aiinfer.done',
  // Ours (decision 0041): uploads and the review workflow.
  'upload.conversion.done',
  'upload.conversion.error',
  'review.submit',
  'review.approve',
  'review.request.changes',
] as const;
export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

/** The largest page a client may ask for. */
export const NOTIFICATION_PAGE_MAX = 500;

export const Notification = z.object({
  id: Id,
  team_id: Id,
  type_code: NotificationType,
  /** What the type code is about (a training, an inference, a segmentation...), by id; null when unused. */
  model1_id: z.number().int().nullable(),
  model2_id: z.number().int().nullable(),
  model3_id: z.number().int().nullable(),
  /** The area it belongs to (uploads, reviews, ai), for grouping and icons. */
  section: z.string().nullable(),
  /** Where a click goes: a path on the team's host. */
  url: z.string().nullable(),
  /** Context for the text: a study, a structure, an error. */
  description: z.string().nullable(),
  is_seen: z.union([z.literal(0), z.literal(1)]),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Notification = z.infer<typeof Notification>;

/**
 * The text a notification shows: the spec's four texts for its codes, ours (decision 0041) for the others.
 * The description, when there is one, is shown under it.
 */
export function notificationText(n: Pick<Notification, 'type_code' | 'model1_id' | 'model2_id'>): string {
  const id = n.model1_id ?? '';
  switch (n.type_code) {
    case 'aitrain.train.complete':
      return `Training #${id} is completed`;
    case 'aitrain.train.begin':
      return `Training #${id} started`;
    case 'aitrain.train.fail':
      return `Training #${id} failed`;
    case 'aitrain.upload.begin':
      return `Training #${id}: uploading the model`;
    case 'aitrain.upload.complete':
      return `Training #${id}: the model is uploaded`;
    case 'aiinfer.done':
      return n.model1_id !== null && n.model2_id !== null
        ? `Inference ${n.model1_id}:${n.model2_id} done`
        : 'Inference done';
    case 'review.add.comment':
      return 'You were mentioned in a comment';
    case 'upload.conversion.done':
      return 'Conversion finished';
    case 'upload.conversion.error':
      return 'Conversion finished with errors';
    case 'review.submit':
      return 'A segmentation awaits your review';
    case 'review.approve':
      return 'Your segmentation was approved';
    case 'review.request.changes':
      return 'Changes were requested on your segmentation';
  }
}

const IsSeen = z.strictObject({
  is_seen: z.union([z.literal(0), z.literal(1), z.boolean().transform((b) => (b ? 1 : 0))]),
});

export const NotificationListQuery = z.strictObject({
  per_page: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(NOTIFICATION_PAGE_SIZE),
  /** The client's cached permission version: a stale one brings the permission list along. */
  permission_version: z.coerce.number().int().min(0).optional(),
});

export const NotificationList = z.object({
  notifications: z.object({
    /** Newest first, up to per_page. */
    data: z.array(Notification),
    /** All of the user's notifications in this team. */
    count: z.number().int(),
    /** How many of them are unseen: the indicator is active while this is above 0. */
    unseen: z.number().int(),
  }),
  permissionVersion: z.number().int(),
  /** Only when the client's permission_version is missing or stale. */
  user_permission: z.array(Permission).optional(),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const notifications = {
  list: endpoint({
    method: 'GET',
    path: '/notification',
    scope: 'team',
    summary:
      'The user’s notifications in this team, newest first, with their count and unseen count; the ' +
      'permission list comes along when permission_version is stale',
    query: NotificationListQuery,
    response: NotificationList,
  }),
  newer: endpoint({
    method: 'GET',
    path: '/notification-new',
    scope: 'team',
    summary: 'The user’s notifications in this team with an id above last_id, newest first',
    query: z.strictObject({ last_id: z.coerce.number().int().min(0) }),
    response: z.object({ notifications: z.object({ data: z.array(Notification) }) }),
  }),
  updateAll: endpoint({
    method: 'PUT',
    path: '/notification/update-all',
    scope: 'team',
    summary:
      'Marks all of the user’s notifications in this team seen (or unseen); pushes notification:updated:all',
    body: IsSeen,
    response: z.object({ updated: z.number().int() }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/notification/:id',
    scope: 'team',
    summary: 'Marks one of the user’s notifications seen or unseen; pushes notification:updated',
    params: z.strictObject({ id: Id }),
    body: IsSeen,
    response: Notification,
  }),
};

/** What `notification:updated:all` carries: the team whose notifications changed, and their new mark. */
export interface NotificationsAllUpdated {
  team_id: number;
  is_seen: 0 | 1;
}
