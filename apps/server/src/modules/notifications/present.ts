import { NotificationType, type Notification } from '@voxa/contracts';
import type { Selectable } from 'kysely';
import type { NotificationsTable } from '../../platform/db/schema';
import { iso } from '../common/time';

export function presentNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: row.id,
    team_id: row.team_id,
    type_code: NotificationType.parse(row.type_code),
    model1_id: row.model1_id,
    model2_id: row.model2_id,
    model3_id: row.model3_id,
    section: row.section,
    url: row.url,
    description: row.description,
    is_seen: row.is_seen === 1 ? 1 : 0,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
