import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Structures, segmentations, their segments, label-mask revisions and role assignments
 * (teams-and-account.md 3; docs/decisions/0030-segmentation-access.md). The global catalogue's rows have
 * no team; a team's own structures have one. A multi-class structure (a model's label map) lists its
 * classes in structure_classes: value -> the structure it stands for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE structures (
      id serial PRIMARY KEY,
      team_id integer REFERENCES teams(id) ON DELETE CASCADE,
      slug text NOT NULL,
      title text NOT NULL,
      category_id integer REFERENCES structure_categories(id) ON DELETE SET NULL,
      is_seeded boolean NOT NULL DEFAULT false,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX structures_slug_key ON structures (coalesce(team_id, 0), slug);
    CREATE INDEX structures_category ON structures (category_id);

    CREATE TABLE structure_classes (
      structure_id integer NOT NULL REFERENCES structures(id) ON DELETE CASCADE,
      value integer NOT NULL CHECK (value BETWEEN 1 AND 65535),
      class_id integer NOT NULL REFERENCES structures(id) ON DELETE CASCADE,
      PRIMARY KEY (structure_id, value)
    );

    CREATE TABLE segmentations (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      study_id integer NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
      series_id integer NOT NULL REFERENCES series(id) ON DELETE CASCADE,
      structure_id integer NOT NULL REFERENCES structures(id),
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      rbac_enabled boolean NOT NULL DEFAULT false,
      mask_revision integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX segmentations_series ON segmentations (series_id);
    CREATE INDEX segmentations_study ON segmentations (study_id);
    CREATE INDEX segmentations_team_created ON segmentations (team_id, created_at DESC);

    CREATE TABLE segments (
      id serial PRIMARY KEY,
      segmentation_id integer NOT NULL REFERENCES segmentations(id) ON DELETE CASCADE,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      sort integer NOT NULL,
      title text NOT NULL,
      color text NOT NULL,
      value integer NOT NULL CHECK (value BETWEEN 1 AND 65535),
      visible boolean NOT NULL DEFAULT true,
      revision integer NOT NULL DEFAULT 0,
      obj_revision integer NOT NULL DEFAULT 0,
      obj_valid boolean NOT NULL DEFAULT false,
      obj_in_progress boolean NOT NULL DEFAULT false,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX segments_segmentation ON segments (segmentation_id, sort);
    CREATE UNIQUE INDEX segments_live_value ON segments (segmentation_id, value) WHERE deleted_at IS NULL;

    CREATE TABLE mask_revisions (
      id serial PRIMARY KEY,
      segmentation_id integer NOT NULL REFERENCES segmentations(id) ON DELETE CASCADE,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      revision integer NOT NULL,
      reason text NOT NULL CHECK (reason IN ('create', 'import', 'remove-segment', 'restore', 'paint')),
      datatype text NOT NULL CHECK (datatype IN ('uint8', 'uint16')),
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (segmentation_id, revision)
    );

    CREATE TABLE segmentation_users (
      id serial PRIMARY KEY,
      segmentation_id integer NOT NULL REFERENCES segmentations(id) ON DELETE CASCADE,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role_id integer NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (segmentation_id, user_id, role_id)
    );
    CREATE INDEX segmentation_users_user ON segmentation_users (user_id);
    `,
  );
}
