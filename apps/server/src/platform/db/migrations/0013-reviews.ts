import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Reviews of segmentations (docs/decisions/0042-reviews.md): one review row per segmentation holding its
 * current round, every submission and decision as an event, and comments on the segmentation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE reviews (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      segmentation_id integer NOT NULL UNIQUE REFERENCES segmentations(id) ON DELETE CASCADE,
      state text NOT NULL CHECK (state IN ('pending', 'approved', 'changes_requested')),
      round integer NOT NULL DEFAULT 1,
      submitted_by integer REFERENCES users(id) ON DELETE SET NULL,
      submitted_at timestamptz NOT NULL DEFAULT now(),
      decided_by integer REFERENCES users(id) ON DELETE SET NULL,
      decided_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX reviews_team_submitted ON reviews (team_id, submitted_at DESC);
    CREATE TABLE review_events (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      review_id integer NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('submitted', 'approved', 'changes_requested')),
      round integer NOT NULL,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX review_events_review ON review_events (review_id, id);
    CREATE TABLE segmentation_comments (
      id serial PRIMARY KEY,
      team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      segmentation_id integer NOT NULL REFERENCES segmentations(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      body text NOT NULL,
      mentions integer[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX segmentation_comments_segmentation ON segmentation_comments (segmentation_id, id)
    `,
  );
}
