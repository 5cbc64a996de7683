import type { Db } from '../../platform/db';

/**
 * The structures the team may make a segmentation for, by title: its own and the global catalogue, a
 * global one left out where the team's own has its slug (the one `structureBySlug` answers).
 */
export async function structureChoices(
  db: Db,
  teamId: number,
): Promise<{ title: string; slug: string; category_id: number | null }[]> {
  const rows = await db
    .selectFrom('structures')
    .distinctOn('slug')
    .select(['title', 'slug', 'category_id'])
    .where((eb) => eb.or([eb('team_id', '=', teamId), eb('team_id', 'is', null)]))
    .orderBy('slug')
    .orderBy('team_id', (ob) => ob.asc().nullsLast())
    .execute();
  return rows.sort((a, b) => a.title.localeCompare(b.title) || a.slug.localeCompare(b.slug));
}
