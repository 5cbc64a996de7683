import type { Notification, NotificationList } from '@voxa/contracts';
import { sql } from 'kysely';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { Realtime } from '../../platform/realtime';
import { presentNotification } from './present';

interface Owner {
  teamId: number;
  userId: number;
}

const mine = (db: Db, owner: Owner) =>
  db.selectFrom('notifications').where('user_id', '=', owner.userId).where('team_id', '=', owner.teamId);

/** The dropdown's page: newest first, with the count of all and of the unseen. */
export async function listNotifications(
  db: Db,
  owner: Owner,
  perPage: number,
): Promise<NotificationList['notifications']> {
  const [rows, counts] = await Promise.all([
    mine(db, owner).selectAll().orderBy('id', 'desc').limit(perPage).execute(),
    mine(db, owner)
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<number>`count(*) FILTER (WHERE is_seen = 0)::int`.as('unseen'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(presentNotification), count: counts.count, unseen: counts.unseen };
}

/** Those that arrived after `lastId`, for a client that missed pushes (a tab asleep, a reconnect). */
export async function newerNotifications(db: Db, owner: Owner, lastId: number): Promise<Notification[]> {
  const rows = await mine(db, owner).selectAll().where('id', '>', lastId).orderBy('id', 'desc').execute();
  return rows.map(presentNotification);
}

/** Marks one; another user's or another team's answers 404 like a missing one. Pushed to every tab. */
export async function markNotification(
  deps: { db: Db; realtime: Realtime },
  owner: Owner,
  id: number,
  isSeen: 0 | 1,
): Promise<Notification> {
  const row = await deps.db
    .updateTable('notifications')
    .set({ is_seen: isSeen, updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', owner.userId)
    .where('team_id', '=', owner.teamId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Notification not found.');
  const notification = presentNotification(row);
  deps.realtime.toUser(owner.userId, 'notification:updated', notification);
  return notification;
}

/** Marks all of the user's in this team; every tab hears `notification:updated:all`. */
export async function markAllNotifications(
  deps: { db: Db; realtime: Realtime },
  owner: Owner,
  isSeen: 0 | 1,
): Promise<number> {
  const result = await deps.db
    .updateTable('notifications')
    .set({ is_seen: isSeen, updated_at: new Date() })
    .where('user_id', '=', owner.userId)
    .where('team_id', '=', owner.teamId)
    .where('is_seen', '!=', isSeen)
    .executeTakeFirst();
  deps.realtime.toUser(owner.userId, 'notification:updated:all', { team_id: owner.teamId, is_seen: isSeen });
  return Number(result.numUpdatedRows);
}
