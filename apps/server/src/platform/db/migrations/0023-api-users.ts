import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * API users (docs/decisions/0058-api-users.md): a service account of one team with one of its roles. Each
 * has a backing `users` row (no password, never signs in) so that what it does is attributed like anyone's
 * (created_by and the like); it is not a member (team_users), so member lists do not show it. Its tokens
 * are known by their hash; `prefix` (the first characters) tells them apart on the page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE api_users (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      role_id integer NOT NULL REFERENCES roles(id),
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX api_users_team ON api_users (team_id);
    CREATE INDEX api_users_role ON api_users (role_id);

    CREATE TABLE api_tokens (
      id serial PRIMARY KEY,
      api_user_id integer NOT NULL REFERENCES api_users(id) ON DELETE CASCADE,
      name text NOT NULL,
      prefix text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz,
      last_used_at timestamptz,
      revoked_at timestamptz,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX api_tokens_user ON api_tokens (api_user_id)
    `,
  );
}
