import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements';

/** The spec's model codes (upload-and-organize.md 4) over the catalogue's TotalSegmentator class maps. */
const BUILT_IN = [
  { code: 'total', task: 'CT', spacing: 1.5, structure: 'totalsegmentator-total' },
  { code: 'total6mm', task: 'CT', spacing: 6, structure: 'totalsegmentator-total' },
  { code: 'total-mr', task: 'MR', spacing: 1.5, structure: 'totalsegmentator-total-mr' },
  { code: 'total-mr6mm', task: 'MR', spacing: 6, structure: 'totalsegmentator-total-mr' },
] as const;

/**
 * The AI model registry (docs/decisions/0043-ai-models.md). Built-in models have no team; a team's own
 * have one. Segments, spacing, patch size, normalisation and the ONNX file's header are jsonb; the file
 * itself lives in storage.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE ai_models (
      id serial PRIMARY KEY,
      team_id integer REFERENCES teams(id) ON DELETE CASCADE,
      name text NOT NULL,
      code text NOT NULL,
      description text NOT NULL DEFAULT '',
      structure_id integer NOT NULL REFERENCES structures(id),
      segments jsonb NOT NULL,
      parent_id integer REFERENCES ai_models(id) ON DELETE SET NULL,
      is_private boolean NOT NULL DEFAULT true,
      is_derived boolean NOT NULL DEFAULT false,
      runtime text NOT NULL CHECK (runtime IN ('onnx', 'external')),
      modality text NOT NULL,
      channels smallint NOT NULL CHECK (channels BETWEEN 1 AND 16),
      spacing jsonb NOT NULL,
      patch_size jsonb,
      normalization jsonb,
      file_size bigint,
      file_sha256 text,
      file_header jsonb,
      file_uploaded_at timestamptz,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((file_sha256 IS NULL) = (file_header IS NULL))
    );
    CREATE UNIQUE INDEX ai_models_code_key ON ai_models (coalesce(team_id, 0), code);
    CREATE INDEX ai_models_public ON ai_models (is_private, team_id)
    `,
  );
  for (const m of BUILT_IN) {
    const name = `TotalSegmentator ${m.task === 'MR' ? 'MR' : 'CT'}${m.spacing === 6 ? ' (6 mm)' : ''}`;
    const description =
      `TotalSegmentator's ${m.task === 'MR' ? 'total_mr' : 'total'} task at ${m.spacing} mm` +
      `${m.spacing === 6 ? ' (its fast, low-resolution variant)' : ''}; run by a worker that serves TotalSegmentator.`;
    const spacing = JSON.stringify([m.spacing, m.spacing, m.spacing]);
    // Segments are the catalogue's classes of the task's multi-class structure: title and label value.
    await sql`INSERT INTO ai_models (name, code, description, structure_id, segments, is_private, runtime,
        modality, channels, spacing)
      SELECT ${name}, ${m.code}, ${description}, parent.id,
        (SELECT jsonb_agg(jsonb_build_object('title', class.title, 'value', sc.value) ORDER BY sc.value)
           FROM structure_classes sc JOIN structures class ON class.id = sc.class_id
          WHERE sc.structure_id = parent.id),
        false, 'external', ${m.task}, 1, ${spacing}::jsonb
      FROM structures parent WHERE parent.slug = ${m.structure} AND parent.team_id IS NULL`.execute(db);
  }
}
