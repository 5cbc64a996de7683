import type { AdminStructure, AdminStructureChanges, NewStructure } from '@voxa/contracts';
import { STRUCTURE_SEEDED } from '@voxa/contracts';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import { categoryIdOf, deleteUnlessUsed, newStructureSlug } from './fields';
import {
  filtered,
  presentStructure,
  STRUCTURE_SLUG_TAKEN,
  structuresWithCategory,
  type StructureFilter,
} from './service';

/**
 * The global catalogue as administrators manage it (/admin/structures-x; docs/decisions/0034). A global
 * slug is unique across every structure, a team's own included, so no team's structure hides it.
 */
const globals = (db: Db) => structuresWithCategory(db).where('structures.team_id', 'is', null);

async function withUse(db: Db, rows: Parameters<typeof presentStructure>[0][]): Promise<AdminStructure[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('segmentations')
    .select(['structure_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where(
      'structure_id',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('structure_id')
    .execute();
  const used = new Map(counts.map((c) => [c.structure_id, Number(c.n)]));
  return rows.map((row) => ({ ...presentStructure(row), used_by: used.get(row.id) ?? 0 }));
}

export async function listGlobalStructures(db: Db, filter: StructureFilter): Promise<AdminStructure[]> {
  return withUse(db, await filtered(globals(db), filter).execute());
}

async function globalStructure(db: Db, id: number): Promise<AdminStructure> {
  const row = await globals(db).where('structures.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Structure not found.');
  const [structure] = await withUse(db, [row]);
  if (!structure) throw notFound('Structure not found.');
  return structure;
}

async function refuseTakenSlug(db: Db, slug: string, except?: number): Promise<void> {
  let query = db.selectFrom('structures').select('id').where('slug', '=', slug);
  if (except !== undefined) query = query.where('id', '!=', except);
  if (await query.executeTakeFirst()) throw conflict(STRUCTURE_SLUG_TAKEN);
}

export async function createGlobalStructure(
  db: Db,
  userId: number,
  fields: NewStructure,
): Promise<AdminStructure> {
  const slug = newStructureSlug(fields);
  const categoryId = await categoryIdOf(db, fields);
  await refuseTakenSlug(db, slug);
  const inserted = await db
    .insertInto('structures')
    .values({ team_id: null, slug, title: fields.title, category_id: categoryId ?? null, created_by: userId })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw conflict(STRUCTURE_SLUG_TAKEN);
  return globalStructure(db, inserted.id);
}

/** Title and category of any global structure; the slug too unless it is seeded (its label values rest on it). */
export async function updateGlobalStructure(
  db: Db,
  id: number,
  changes: AdminStructureChanges,
): Promise<AdminStructure> {
  const current = await globalStructure(db, id);
  const slug = changes.slug !== undefined && changes.slug !== current.slug ? changes.slug : undefined;
  if (slug !== undefined) {
    if (current.seeded) throw unprocessable(STRUCTURE_SEEDED, { slug: [STRUCTURE_SEEDED] });
    newStructureSlug({ title: current.title, slug });
    await refuseTakenSlug(db, slug, id);
  }
  const categoryId = await categoryIdOf(db, changes);
  await db
    .updateTable('structures')
    .set({
      ...(changes.title !== undefined && { title: changes.title }),
      ...(slug !== undefined && { slug }),
      ...(categoryId !== undefined && { category_id: categoryId }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
  return globalStructure(db, id);
}

/** A global structure nobody segments with; seeded ones stay (409). */
export async function removeGlobalStructure(db: Db, id: number): Promise<void> {
  const current = await globalStructure(db, id);
  if (current.seeded) throw conflict(STRUCTURE_SEEDED);
  await deleteUnlessUsed(db, id);
}
