import type { Notification, NotificationType } from '@voxa/contracts';
import type { Db } from '../../platform/db';
import type { Realtime } from '../../platform/realtime';
import { presentNotification } from './present';
import { reserveNotificationId } from './reserved-ids';

/** What a module says when it notifies someone; see NOTIFICATION_TYPES for the codes. */
export interface NewNotification {
  teamId: number;
  userId: number;
  typeCode: NotificationType;
  model1Id?: number | null;
  model2Id?: number | null;
  model3Id?: number | null;
  section?: string | null;
  /** A path on the team's host that a click opens. */
  url?: string | null;
  description?: string | null;
}

/**
 * The one way modules notify: pushes `notification:created` to every socket of its user (every tab, on
 * every process through the adapter) and stores it. The push leaves first, with an id reserved ahead, so a
 * browser hears of it without waiting for the commit; answers what was stored.
 */
export async function notify(
  deps: { db: Db; realtime: Realtime },
  input: NewNotification,
): Promise<Notification> {
  const now = new Date();
  const row = {
    id: await reserveNotificationId(deps.db),
    team_id: input.teamId,
    user_id: input.userId,
    type_code: input.typeCode,
    model1_id: input.model1Id ?? null,
    model2_id: input.model2Id ?? null,
    model3_id: input.model3Id ?? null,
    section: input.section ?? null,
    url: input.url ?? null,
    description: input.description ?? null,
    is_seen: 0 as const,
    created_at: now,
    updated_at: now,
  };
  const notification = presentNotification(row);
  deps.realtime.toUser(input.userId, 'notification:created', notification);
  // Should the row fail (its user just deleted), the pushed one goes with the next refetch.
  await deps.db.insertInto('notifications').values(row).execute();
  return notification;
}

/** Notifies several users of one thing (each gets a notification of their own); the order is kept. */
export async function notifyEach(
  deps: { db: Db; realtime: Realtime },
  userIds: readonly number[],
  input: Omit<NewNotification, 'userId'>,
): Promise<void> {
  for (const userId of new Set(userIds)) await notify(deps, { ...input, userId });
}
