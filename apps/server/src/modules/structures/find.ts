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

/**
 * The catalogue's colour for each label value of a structure's segments (docs/decisions/0098): its class's
 * colour for a multi-class structure, the structure's own otherwise; undefined where none is named.
 */
export async function catalogueColours(db: Db, structureId: number) {
  const [own, rows] = await Promise.all([
    db.selectFrom('structures').select('color').where('id', '=', structureId).executeTakeFirst(),
    db
      .selectFrom('structure_classes')
      .innerJoin('structures', 'structures.id', 'structure_classes.class_id')
      .select(['structure_classes.value', 'structures.color'])
      .where('structure_classes.structure_id', '=', structureId)
      .execute(),
  ]);
  const classes = new Map(rows.map((r) => [r.value, r.color]));
  return (value: number): string | undefined => (classes.size ? classes.get(value) : own?.color) ?? undefined;
}
