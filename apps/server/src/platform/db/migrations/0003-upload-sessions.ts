import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/** Upload sessions, their files and the chunks stored of each (resumable chunked upload). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE upload_sessions (
      id serial PRIMARY KEY,
      uuid text NOT NULL UNIQUE,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX upload_sessions_team_user ON upload_sessions (team_id, user_id);

    CREATE TABLE upload_files (
      id serial PRIMARY KEY,
      session_id integer NOT NULL REFERENCES upload_sessions(id) ON DELETE CASCADE,
      client_file_id text NOT NULL,
      name text NOT NULL,
      preview text,
      size bigint NOT NULL CHECK (size >= 0),
      chunk_size integer NOT NULL CHECK (chunk_size > 0),
      chunk_count integer NOT NULL CHECK (chunk_count > 0),
      sha256 text,
      completed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (session_id, client_file_id),
      UNIQUE (session_id, name)
    );

    CREATE TABLE upload_chunks (
      file_id integer NOT NULL REFERENCES upload_files(id) ON DELETE CASCADE,
      chunk_index integer NOT NULL CHECK (chunk_index >= 0),
      size integer NOT NULL,
      sha256 text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (file_id, chunk_index)
    );
  `,
  );
}
