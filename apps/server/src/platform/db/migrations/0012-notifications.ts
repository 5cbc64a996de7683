import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Notifications per user and team (teams-and-account.md 3; docs/decisions/0041-notifications.md). The
 * index serves the dropdown: a user's newest in one team, and the unseen count beside them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE notifications (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type_code text NOT NULL,
      model1_id integer,
      model2_id integer,
      model3_id integer,
      section text,
      url text,
      description text,
      is_seen smallint NOT NULL DEFAULT 0 CHECK (is_seen IN (0, 1)),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notifications_user_team ON notifications (user_id, team_id, id DESC)
    `,
  );
}
