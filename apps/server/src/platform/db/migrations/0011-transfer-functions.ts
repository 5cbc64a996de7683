import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements';
import { BUILT_IN_COLORMAPS, BUILT_IN_WINDOWS } from './transfer-function-presets';

/**
 * Transfer functions (docs/decisions/0038-transfer-functions.md): window presets (width, center) and
 * colour maps (NiiVue's R, G, B, A, I arrays as jsonb). Built-in ones have no team; a team's own have one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE transfer_functions (
      id serial PRIMARY KEY,
      team_id integer REFERENCES teams(id) ON DELETE CASCADE,
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('window', 'colormap')),
      modality text,
      window_width double precision,
      window_center double precision,
      colormap jsonb,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (
        (kind = 'window' AND window_width > 0 AND window_center IS NOT NULL AND colormap IS NULL)
        OR (kind = 'colormap' AND colormap IS NOT NULL AND window_width IS NULL AND window_center IS NULL)
      )
    );
    CREATE UNIQUE INDEX transfer_functions_name_key ON transfer_functions (coalesce(team_id, 0), lower(name))
    `,
  );
  const rows = [
    ...BUILT_IN_WINDOWS.map((w) => sql`(${w.name}, 'window', 'CT', ${w.width}, ${w.center}, NULL)`),
    ...BUILT_IN_COLORMAPS.map(
      (c) => sql`(${c.name}, 'colormap', NULL, NULL, NULL, ${JSON.stringify(c.colormap)}::jsonb)`,
    ),
  ];
  await sql`INSERT INTO transfer_functions (name, kind, modality, window_width, window_center, colormap)
    VALUES ${sql.join(rows)}`.execute(db);
}
