import { z } from 'zod';
import { Color, Id, Timestamp } from './common';
import { endpoint } from './endpoint';
import type { Permission } from './permissions';

/**
 * Body-part category as a structure carries it (teams-and-account.md 3, Structure: category {id, title});
 * with its slug too, the key `GET /structures/categories` and the filters use.
 */
export const StructureCategoryRef = z.object({ id: Id, title: z.string(), slug: z.string() });

/**
 * An anatomical structure (teams-and-account.md 3): global (team_id null) or the team's own. Seeded ones
 * (the TotalSegmentator class maps, docs/decisions/0030) are read-only. A multi-class structure (a model's
 * label map) lists its classes: label value -> the structure it stands for.
 */
export const Structure = z.object({
  id: Id,
  slug: z.string(),
  title: z.string(),
  category_id: Id.nullable(),
  category: StructureCategoryRef.nullable(),
  team_id: Id.nullable(),
  read_only: z.boolean(),
  /** Seeded by a migration (a TotalSegmentator class or class map): its slug and label values never change. */
  seeded: z.boolean(),
  /**
   * The colour a segment of this structure is given when a label map or an AI result brings it (its class's
   * colour, docs/decisions/0098); null when the catalogue names none.
   */
  color: Color.nullable(),
  created_at: Timestamp,
});
export type Structure = z.infer<typeof Structure>;

export const StructureClass = z.object({
  value: z.number().int(),
  slug: z.string(),
  title: z.string(),
  color: Color.nullable(),
});
export const StructureDetail = Structure.extend({ classes: z.array(StructureClass) });
export type StructureDetail = z.infer<typeof StructureDetail>;

export const STRUCTURE_TITLE_MAX = 128;
export const StructureSlug = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use lower-case letters, digits, - and _.');
const StructureTitle = z.string().trim().min(1).max(STRUCTURE_TITLE_MAX);
/** A body-part category by its slug, as `GET /structures/categories` lists them; null for none. */
const CategorySlug = z.string().trim().min(1).max(64).nullable();
export const NewStructure = z.strictObject({
  title: StructureTitle,
  slug: StructureSlug.optional(),
  category_id: Id.nullable().optional(),
  category: CategorySlug.optional(),
});
export type NewStructure = z.infer<typeof NewStructure>;

/** What changes on a structure: title and category; the slug stays, since pages and imports name it. */
export const StructureChanges = z.strictObject({
  title: StructureTitle.optional(),
  category_id: Id.nullable().optional(),
  category: CategorySlug.optional(),
});
export type StructureChanges = z.infer<typeof StructureChanges>;

/** An administrator may also rename a global structure's slug, unless it is seeded. */
export const AdminStructureChanges = StructureChanges.extend({ slug: StructureSlug.optional() });
export type AdminStructureChanges = z.infer<typeof AdminStructureChanges>;

/** A global structure as administrators manage it: how many segmentations (of any team) name it. */
export const AdminStructure = Structure.extend({ used_by: z.number().int() });
export type AdminStructure = z.infer<typeof AdminStructure>;

export const STRUCTURE_IN_USE = 'This structure is used by a segmentation.';
export const STRUCTURE_SEEDED = 'A seeded structure stays in the catalogue and keeps its slug.';

const StructureFilter = z.strictObject({
  search: z.string().trim().max(100).optional(),
  category: z.string().trim().max(64).optional(),
});
const SlugParams = z.strictObject({ slug: StructureSlug });
const AdminParams = z.strictObject({ structureId: Id });

/** Structures are read wherever segmentations are made; the Structures page changes the team's own. */
const READ_STRUCTURES: readonly Permission[] = ['r:structures', 'r:segmentations', 'r:studies:detail'];

export const structures = {
  list: endpoint({
    method: 'GET',
    path: '/structures',
    scope: 'team',
    anyPermission: READ_STRUCTURES,
    summary: 'The global catalogue and the team’s own structures, by title; search and category filter',
    query: StructureFilter,
    response: z.array(Structure),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/structures/:slug',
    scope: 'team',
    anyPermission: READ_STRUCTURES,
    summary: 'One structure by slug (the team’s own first), with its classes',
    params: SlugParams,
    response: StructureDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/structures',
    scope: 'team',
    permissions: ['r:structures'],
    summary: 'Add a structure of the team’s own; a slug taken by the catalogue or the team answers 409',
    body: NewStructure,
    response: StructureDetail,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/structures/:slug',
    scope: 'team',
    permissions: ['r:structures'],
    summary: 'Change the title or category of a structure of the team’s own; the catalogue’s answer 403',
    params: SlugParams,
    body: StructureChanges,
    response: StructureDetail,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/structures/:slug',
    scope: 'team',
    permissions: ['r:structures'],
    summary: 'Delete a structure of the team’s own; one a segmentation names answers 409',
    params: SlugParams,
    response: null,
    status: 204,
  }),
};

/** The global catalogue, for administrators (/admin/structures-x). */
export const adminStructures = {
  list: endpoint({
    method: 'GET',
    path: '/admin/structures',
    scope: 'admin',
    summary: 'The global structures, by title; search and category filter',
    query: StructureFilter,
    response: z.array(AdminStructure),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/structures',
    scope: 'admin',
    summary: 'Add a global structure; a slug any structure already has answers 409',
    body: NewStructure,
    response: AdminStructure,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/structures/:structureId',
    scope: 'admin',
    summary: 'Change a global structure: title and category, and the slug unless it is seeded',
    params: AdminParams,
    body: AdminStructureChanges,
    response: AdminStructure,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/structures/:structureId',
    scope: 'admin',
    summary: 'Delete a global structure; a seeded one, or one a segmentation names, answers 409',
    params: AdminParams,
    response: null,
    status: 204,
  }),
};
