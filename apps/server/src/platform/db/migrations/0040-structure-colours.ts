import { sql, type Kysely } from 'kysely';
import { TOTALSEGMENTATOR_COLOURS } from './totalsegmentator-colours';

/**
 * A colour per structure of the catalogue (docs/decisions/0098-segment-colours.md): an imported label map
 * or an AI result gives each segment its class's colour. Seeded for the TotalSegmentator classes; null
 * where the catalogue names none (the segment then gets one apart from its segmentation's others).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE structures ADD COLUMN color text`.execute(db);
  const rows = Object.entries(TOTALSEGMENTATOR_COLOURS).map(([slug, color]) => sql`(${slug}, ${color})`);
  await sql`UPDATE structures SET color = v.color
    FROM (VALUES ${sql.join(rows)}) AS v(slug, color)
    WHERE structures.slug = v.slug AND structures.team_id IS NULL AND structures.is_seeded`.execute(db);
}
