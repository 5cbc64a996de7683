import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';

/** An upload session of the team; another team's (or an unknown) session answers 404. */
export async function findSession(db: Db, teamId: number, uuid: string) {
  const session = await db
    .selectFrom('upload_sessions')
    .select(['id', 'uuid', 'user_id', 'sort_status', 'sort_attempt'])
    .where('uuid', '=', uuid)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!session) throw notFound('Upload session not found.');
  return session;
}
