import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * The audit trail (docs/decisions/0065-audit-trail.md). Each record keeps who (user, API user,
 * impersonating administrator, sign-in, address, browser), where (team), what (action, subject, study) and
 * how it ended. Records outlive their users and teams, so the actor and team are plain ids with their
 * e-mail and slug copied in, not foreign keys (a SET NULL on delete would be an update, which the table
 * refuses). Append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE, on PostgreSQL and PGlite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE audit_logs DROP CONSTRAINT IF EXISTS audit_logs_actor_id_fkey;
    ALTER TABLE audit_logs DROP CONSTRAINT IF EXISTS audit_logs_team_id_fkey;
    ALTER TABLE audit_logs
      ADD COLUMN actor_email text,
      ADD COLUMN actor_name text,
      ADD COLUMN api_user_id integer,
      ADD COLUMN impersonator_id integer,
      ADD COLUMN session_id text,
      ADD COLUMN remote_address text,
      ADD COLUMN user_agent text,
      ADD COLUMN team_slug text,
      ADD COLUMN subject_type text,
      ADD COLUMN subject_id text,
      ADD COLUMN study_id integer,
      ADD COLUMN outcome text NOT NULL DEFAULT 'success' CHECK (outcome IN ('success', 'failure'));
    UPDATE audit_logs SET actor_email = u.email, actor_name = u.name FROM users u WHERE u.id = audit_logs.actor_id;
    CREATE INDEX audit_logs_created ON audit_logs (created_at DESC, id DESC);
    CREATE INDEX audit_logs_team_created ON audit_logs (team_id, created_at DESC, id DESC);
    CREATE INDEX audit_logs_study ON audit_logs (study_id) WHERE study_id IS NOT NULL
    `,
  );
  // One statement with semicolons inside: not for runStatements.
  await sql
    .raw(
      `CREATE FUNCTION audit_logs_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`,
    )
    .execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs
      FOR EACH ROW EXECUTE FUNCTION audit_logs_refuse_change();
    CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
      FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_refuse_change()
    `,
  );
}
