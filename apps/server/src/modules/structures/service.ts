import type { NewStructure, Structure, StructureChanges, StructureDetail } from '@voxa/contracts';
import { sql } from 'kysely';
import { conflict, forbidden } from '../../http/errors';
import type { Db } from '../../platform/db';
import { iso } from '../common/time';
import { categoryIdOf, containsPattern, deleteUnlessUsed, newStructureSlug, titleOrSlugLike } from './fields';
import { structureBySlug } from './find';

export interface StructureFilter {
  search?: string | undefined;
  category?: string | undefined;
}

export const STRUCTURE_SLUG_TAKEN = 'A structure with this slug already exists.';

/** Structures with their category (no rows chosen yet). */
export function structuresWithCategory(db: Db) {
  return db
    .selectFrom('structures')
    .leftJoin('structure_categories', 'structure_categories.id', 'structures.category_id')
    .select([
      'structures.id',
      'structures.slug',
      'structures.title',
      'structures.category_id',
      'structures.team_id',
      'structures.is_seeded',
      'structures.color',
      'structures.created_at',
      'structure_categories.title as category_title',
      'structure_categories.slug as category_slug',
    ]);
}

/** Structures the team sees: the global catalogue and its own. */
function visible(db: Db, teamId: number) {
  return structuresWithCategory(db).where((eb) =>
    eb.or([eb('structures.team_id', '=', teamId), eb('structures.team_id', 'is', null)]),
  );
}

type StructureListRow = Awaited<ReturnType<ReturnType<typeof structuresWithCategory>['execute']>>[number];

export function presentStructure(row: StructureListRow): Structure {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category_id: row.category_id,
    category:
      row.category_id !== null && row.category_title !== null && row.category_slug !== null
        ? { id: row.category_id, title: row.category_title, slug: row.category_slug }
        : null,
    team_id: row.team_id,
    // A team changes only its own structures; the catalogue is the administrators'.
    read_only: row.team_id === null,
    seeded: row.is_seeded,
    color: row.color,
    created_at: iso(row.created_at),
  };
}

/** Search in title or slug without case, and a category by slug. */
export function filtered(
  query: ReturnType<typeof structuresWithCategory>,
  filter: StructureFilter,
): ReturnType<typeof structuresWithCategory> {
  let q = query;
  if (filter.search) q = q.where(titleOrSlugLike(containsPattern(filter.search)));
  if (filter.category) q = q.where('structure_categories.slug', '=', filter.category);
  return q.orderBy(sql`lower(structures.title)`).orderBy('structures.id');
}

export async function listStructures(db: Db, teamId: number, filter: StructureFilter): Promise<Structure[]> {
  const rows = await filtered(visible(db, teamId), filter).execute();
  return rows.map(presentStructure);
}

export async function structureDetail(db: Db, teamId: number, slug: string): Promise<StructureDetail> {
  const structure = await structureBySlug(db, teamId, slug);
  const row = await visible(db, teamId).where('structures.id', '=', structure.id).executeTakeFirstOrThrow();
  const classes = await db
    .selectFrom('structure_classes')
    .innerJoin('structures', 'structures.id', 'structure_classes.class_id')
    .select(['structure_classes.value', 'structures.slug', 'structures.title', 'structures.color'])
    .where('structure_classes.structure_id', '=', structure.id)
    .orderBy('structure_classes.value')
    .execute();
  return { ...presentStructure(row), classes };
}

/** A team's own structure; its slug (from the title when not given) may not name a visible one. */
export async function createStructure(
  db: Db,
  actor: { teamId: number; userId: number },
  fields: NewStructure,
): Promise<StructureDetail> {
  const slug = newStructureSlug(fields);
  const categoryId = await categoryIdOf(db, fields);
  const taken = await visible(db, actor.teamId).where('structures.slug', '=', slug).executeTakeFirst();
  if (taken) throw conflict(STRUCTURE_SLUG_TAKEN);
  const inserted = await db
    .insertInto('structures')
    .values({
      team_id: actor.teamId,
      slug,
      title: fields.title,
      category_id: categoryId ?? null,
      created_by: actor.userId,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw conflict(STRUCTURE_SLUG_TAKEN);
  return structureDetail(db, actor.teamId, slug);
}

/** The team's own structure a slug names: a catalogue one is visible but not the team's to change (403). */
async function ownStructure(db: Db, teamId: number, slug: string) {
  const structure = await structureBySlug(db, teamId, slug);
  if (structure.team_id !== teamId) throw forbidden('The catalogue’s structures are read-only.');
  return structure;
}

/** PUT /structures/{slug}: title and category of the team's own structure. */
export async function updateStructure(
  db: Db,
  teamId: number,
  slug: string,
  changes: StructureChanges,
): Promise<StructureDetail> {
  const structure = await ownStructure(db, teamId, slug);
  const categoryId = await categoryIdOf(db, changes);
  await db
    .updateTable('structures')
    .set({
      ...(changes.title !== undefined && { title: changes.title }),
      ...(categoryId !== undefined && { category_id: categoryId }),
      updated_at: new Date(),
    })
    .where('id', '=', structure.id)
    .execute();
  return structureDetail(db, teamId, slug);
}

/** DELETE /structures/{slug}: the team's own structure, unless a segmentation names it (409). */
export async function removeStructure(db: Db, teamId: number, slug: string): Promise<void> {
  const structure = await ownStructure(db, teamId, slug);
  await deleteUnlessUsed(db, structure.id);
}
