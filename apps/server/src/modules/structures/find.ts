import type { CatalogueColours } from '@voxa/imaging';
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

/** The catalogue's colours of a structure's label map (docs/decisions/0098): its classes' and its own. */
export async function catalogueColours(db: Db, structureId: number): Promise<CatalogueColours> {
  const [own, rows] = await Promise.all([
    db.selectFrom('structures').select('color').where('id', '=', structureId).executeTakeFirst(),
    db
      .selectFrom('structure_classes')
      .innerJoin('structures', 'structures.id', 'structure_classes.class_id')
      .select(['structure_classes.value', 'structures.color'])
      .where('structure_classes.structure_id', '=', structureId)
      .execute(),
  ]);
  return { classes: new Map(rows.map((r) => [r.value, r.color])), own: own?.color ?? null };
}
