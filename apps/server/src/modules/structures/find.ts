import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { StructureRow } from '../../platform/db/schema';

/**
 * The structure a slug names for a team: the team's own first, then the global catalogue. Another team's
 * structure answers 404 like a missing one.
 */
export async function structureBySlug(db: Db, teamId: number, slug: string): Promise<StructureRow> {
  const row = await db
    .selectFrom('structures')
    .selectAll()
    .where('slug', '=', slug)
    .where((eb) => eb.or([eb('team_id', '=', teamId), eb('team_id', 'is', null)]))
    .orderBy('team_id', (ob) => ob.asc().nullsLast())
    .executeTakeFirst();
  if (!row) throw notFound('Structure not found.');
  return row;
}
