import { sql, type Kysely } from 'kysely';
import { ACQUISITIONS, CATEGORIES, MODALITIES, PIPELINES } from './0002-reference-seed';
import { runStatements } from './run-statements';

/**
 * Reference data of the upload (modalities, acquisitions, pipelines, body parts), labels, studies with
 * their series, recognition prompts, and the server's own secrets (docs/decisions/0010, 0011).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE server_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE modalities (
      code text PRIMARY KEY,
      name text NOT NULL,
      sort integer NOT NULL
    );

    CREATE TABLE acquisitions (
      id serial PRIMARY KEY,
      code text NOT NULL,
      name text NOT NULL,
      modality_code text REFERENCES modalities(code),
      sort integer NOT NULL
    );
    CREATE UNIQUE INDEX acquisitions_key ON acquisitions (coalesce(modality_code, ''), code);

    CREATE TABLE pipelines (
      code text PRIMARY KEY,
      name text NOT NULL,
      modality_code text NOT NULL REFERENCES modalities(code),
      acquisitions text[] NOT NULL DEFAULT '{}',
      sort integer NOT NULL
    );

    CREATE TABLE structure_categories (
      id serial PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      title text NOT NULL,
      sort integer NOT NULL
    );

    CREATE TABLE labels (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      name text NOT NULL,
      color text NOT NULL DEFAULT '#0043de',
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX labels_team_name_key ON labels (team_id, lower(name));

    CREATE TABLE studies (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      upload_id integer,
      study_uid text NOT NULL,
      original_uid_hash text NOT NULL,
      status text NOT NULL DEFAULT 'uploading',
      path text,
      has_series boolean NOT NULL DEFAULT false,
      structure_category_id integer REFERENCES structure_categories(id) ON DELETE SET NULL,
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX studies_team_uid_hash ON studies (team_id, original_uid_hash);
    CREATE INDEX studies_team_created ON studies (team_id, created_at DESC);
    CREATE INDEX studies_upload ON studies (upload_id);

    CREATE TABLE series (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      study_id integer NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      upload_id integer,
      series_uid text NOT NULL,
      series_number integer,
      modality_code text,
      acquisition_code text,
      score double precision,
      ref_serie boolean NOT NULL DEFAULT false,
      sort integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'uploading',
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX series_study ON series (study_id);
    CREATE INDEX series_team ON series (team_id);
    CREATE UNIQUE INDEX series_one_reference ON series (study_id) WHERE ref_serie;

    CREATE TABLE study_labels (
      study_id integer NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
      label_id integer NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (study_id, label_id)
    );
    CREATE INDEX study_labels_label ON study_labels (label_id);

    CREATE TABLE llm_prompts (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      socket_id text NOT NULL,
      study_client_id text NOT NULL,
      modality text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'error', 'cancelled')),
      source text CHECK (source IN ('llm', 'rules')),
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX llm_prompts_pending ON llm_prompts (created_at) WHERE status = 'pending';
  `,
  );
  await seedReference(db);
}

/** Inserts each set in one statement (PGlite is slow one row at a time). */
async function seedReference(db: Kysely<unknown>): Promise<void> {
  const rows = <T>(items: readonly T[], row: (item: T, sort: number) => unknown[]) =>
    sql.join(items.map((item, i) => sql`(${sql.join(row(item, i + 1))})`));
  await sql`INSERT INTO modalities (code, name, sort) VALUES ${rows(MODALITIES, (m, i) => [m.code, m.name, i])}`.execute(
    db,
  );
  await sql`INSERT INTO acquisitions (code, name, modality_code, sort) VALUES ${rows(ACQUISITIONS, (a, i) => [
    a.code,
    a.name,
    a.modality,
    i,
  ])}`.execute(db);
  await sql`INSERT INTO pipelines (code, name, modality_code, acquisitions, sort) VALUES ${rows(
    PIPELINES,
    (p, i) => [p.code, p.name, p.modality, sql`ARRAY[${sql.join(p.acquisitions)}]::text[]`, i],
  )}`.execute(db);
  await sql`INSERT INTO structure_categories (slug, title, sort) VALUES ${rows(CATEGORIES, (c, i) => [
    c.slug,
    c.title,
    i,
  ])}`.execute(db);
}
