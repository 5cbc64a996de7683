import { slugFromTitle, STRUCTURE_IN_USE } from '@voxa/contracts';
import { sql } from 'kysely';
import { conflict, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';

/** `GET /structures/categories` is a route of its own: a structure of that slug could never be opened. */
const RESERVED_SLUGS: ReadonlySet<string> = new Set(['categories']);

/** The slug of a new structure: the one given, else one made from its title. */
export function newStructureSlug(fields: { title: string; slug?: string | undefined }): string {
  const slug = fields.slug ?? slugFromTitle(fields.title);
  if (!slug) throw unprocessable('Give the structure a slug.', { slug: ['The slug field is required.'] });
  if (RESERVED_SLUGS.has(slug))
    throw unprocessable('This slug is reserved.', { slug: ['This slug is reserved.'] });
  return slug;
}

/**
 * The category a body names, by id or by slug (as `GET /structures/categories` lists them): undefined when
 * it names none, null to clear it. An unknown one answers 422.
 */
export async function categoryIdOf(
  db: Db,
  fields: { category_id?: number | null | undefined; category?: string | null | undefined },
): Promise<number | null | undefined> {
  if (fields.category_id !== undefined && fields.category !== undefined)
    throw unprocessable('Name the category once.', { category: ['Give either category or category_id.'] });
  const given = fields.category_id !== undefined ? fields.category_id : fields.category;
  if (given === undefined || given === null) return given;
  const query = db.selectFrom('structure_categories').select('id');
  const row = await (
    typeof given === 'number' ? query.where('id', '=', given) : query.where('slug', '=', given)
  ).executeTakeFirst();
  if (!row) {
    const field = typeof given === 'number' ? 'category_id' : 'category';
    throw unprocessable('No such category.', { [field]: ['No such category.'] });
  }
  return row.id;
}

/** A `like` pattern matching `text` anywhere, without case; % and _ in it are literal. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Title or slug contains the search text. */
export const titleOrSlugLike = (like: string) =>
  sql<boolean>`(lower(structures.title) like ${like} or lower(structures.slug) like ${like})`;

/**
 * Deletes a structure unless a segmentation names it (409): the foreign key decides, so a segmentation
 * made at the same moment cannot slip between a check and the delete.
 */
export async function deleteUnlessUsed(db: Db, structureId: number): Promise<void> {
  try {
    await db.deleteFrom('structures').where('id', '=', structureId).execute();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '23503') throw conflict(STRUCTURE_IN_USE);
    throw error;
  }
}

/** Segmentations (of any team) naming the structure. */
export async function usedBy(db: Db, structureId: number): Promise<number> {
  const { n } = await db
    .selectFrom('segmentations')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('structure_id', '=', structureId)
    .executeTakeFirstOrThrow();
  return Number(n);
}
