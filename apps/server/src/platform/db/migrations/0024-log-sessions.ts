import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Log sessions (docs/decisions/0059-log-sessions.md): each `POST log` event keeps the sign-in it came from
 * (auth_tokens.session_id, shared by the tokens of one sign-in on every team sub-domain). Events stored
 * before this have none: each user's become one session. The indexes serve a team's list and the hourly
 * retention cleanup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE activity_logs ADD COLUMN session_id text;
    UPDATE activity_logs SET session_id = 'before-sessions-' || user_id;
    ALTER TABLE activity_logs ALTER COLUMN session_id SET NOT NULL;
    CREATE INDEX activity_logs_team_session ON activity_logs (team_id, session_id, id);
    CREATE INDEX activity_logs_created ON activity_logs (created_at)
    `,
  );
}
