import { slugFromTitle, type Structure, type StructureDetail } from '@voxa/contracts';
import { sql } from 'kysely';
import { conflict, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import { iso } from '../common/time';
import { structureBySlug } from './find';

export const STRUCTURE_SLUG_TAKEN = 'A structure with this slug already exists.';

/** Structures the team sees: the global catalogue and its own, with their category. */
function visible(db: Db, teamId: number) {
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
      'structures.created_at',
      'structure_categories.title as category_title',
    ])
    .where((eb) => eb.or([eb('structures.team_id', '=', teamId), eb('structures.team_id', 'is', null)]));
}

type VisibleRow = Awaited<ReturnType<ReturnType<typeof visible>['execute']>>[number];

function present(row: VisibleRow): Structure {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category_id: row.category_id,
    category:
      row.category_id !== null && row.category_title !== null
        ? { id: row.category_id, title: row.category_title }
        : null,
    team_id: row.team_id,
    // A team changes only its own structures; the catalogue is the administrators'.
    read_only: row.team_id === null,
    created_at: iso(row.created_at),
  };
}

export async function listStructures(
  db: Db,
  teamId: number,
  filter: { search?: string; category?: string },
): Promise<Structure[]> {
  let query = visible(db, teamId);
  if (filter.search) {
    const like = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb(sql`lower(structures.title)`, 'like', like), eb(sql`lower(structures.slug)`, 'like', like)]),
    );
  }
  if (filter.category) query = query.where('structure_categories.slug', '=', filter.category);
  const rows = await query
    .orderBy(sql`lower(structures.title)`)
    .orderBy('structures.id')
    .execute();
  return rows.map(present);
}

export async function structureDetail(db: Db, teamId: number, slug: string): Promise<StructureDetail> {
  const structure = await structureBySlug(db, teamId, slug);
  const row = await visible(db, teamId).where('structures.id', '=', structure.id).executeTakeFirstOrThrow();
  const classes = await db
    .selectFrom('structure_classes')
    .innerJoin('structures', 'structures.id', 'structure_classes.class_id')
    .select(['structure_classes.value', 'structures.slug', 'structures.title'])
    .where('structure_classes.structure_id', '=', structure.id)
    .orderBy('structure_classes.value')
    .execute();
  return { ...present(row), classes };
}

/** A team's own structure; its slug (from the title when not given) may not name a visible one. */
export async function createStructure(
  db: Db,
  actor: { teamId: number; userId: number },
  fields: { title: string; slug?: string; category_id?: number | null },
): Promise<StructureDetail> {
  const slug = fields.slug ?? slugFromTitle(fields.title);
  if (!slug) throw unprocessable('Give the structure a slug.', { slug: ['The slug field is required.'] });
  if (fields.category_id != null) {
    const category = await db
      .selectFrom('structure_categories')
      .select('id')
      .where('id', '=', fields.category_id)
      .executeTakeFirst();
    if (!category) throw unprocessable('No such category.', { category_id: ['No such category.'] });
  }
  const taken = await visible(db, actor.teamId).where('structures.slug', '=', slug).executeTakeFirst();
  if (taken) throw conflict(STRUCTURE_SLUG_TAKEN);
  const inserted = await db
    .insertInto('structures')
    .values({
      team_id: actor.teamId,
      slug,
      title: fields.title,
      category_id: fields.category_id ?? null,
      created_by: actor.userId,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw conflict(STRUCTURE_SLUG_TAKEN);
  return structureDetail(db, actor.teamId, slug);
}
