import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/** Accounts, teams, roles, invitations and logs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE users (
      id serial PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      data jsonb NOT NULL DEFAULT '{}',
      email_verified_at timestamptz,
      is_admin boolean NOT NULL DEFAULT false,
      permission_version integer NOT NULL DEFAULT 1,
      preferred_team_id integer,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));

    CREATE TABLE auth_tokens (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      session_id text NOT NULL,
      impersonator_id integer REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX auth_tokens_user ON auth_tokens (user_id);
    CREATE INDEX auth_tokens_session ON auth_tokens (session_id);

    CREATE TABLE one_time_tokens (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('verify', 'reset', 'handoff')),
      token_hash text NOT NULL UNIQUE,
      auth_token_id integer REFERENCES auth_tokens(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );

    CREATE TABLE teams (
      id serial PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      title text NOT NULL,
      data jsonb NOT NULL DEFAULT '{}',
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE users ADD CONSTRAINT users_preferred_team_fk
      FOREIGN KEY (preferred_team_id) REFERENCES teams(id) ON DELETE SET NULL;

    CREATE TABLE roles (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      name text NOT NULL,
      permissions text[] NOT NULL DEFAULT '{}',
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (team_id, name)
    );

    CREATE TABLE team_users (
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role_id integer NOT NULL REFERENCES roles(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, user_id)
    );
    CREATE INDEX team_users_user ON team_users (user_id);
    CREATE INDEX team_users_role ON team_users (role_id);

    CREATE TABLE invitations (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      email text NOT NULL,
      role_id integer NOT NULL REFERENCES roles(id),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accept', 'decline')),
      invited_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      answered_at timestamptz
    );
    CREATE UNIQUE INDEX invitations_pending_key ON invitations (team_id, lower(email)) WHERE status = 'pending';
    CREATE INDEX invitations_email ON invitations (lower(email));

    CREATE TABLE activity_logs (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      team_id integer REFERENCES teams(id) ON DELETE SET NULL,
      app text NOT NULL,
      type text NOT NULL,
      path text NOT NULL,
      data text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE audit_logs (
      id serial PRIMARY KEY,
      actor_id integer REFERENCES users(id) ON DELETE SET NULL,
      team_id integer REFERENCES teams(id) ON DELETE SET NULL,
      action text NOT NULL,
      subject text,
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}
